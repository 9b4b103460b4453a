#ifndef CFTS5_H
#define CFTS5_H

// An FTS5 auxiliary function, `tsb_offsets(table)`, that gives where each phrase
// instance of a MATCH lies in the row's text, as a blob of int32 pairs (UTF-8 start, end),
// in the order FTS5 lists the instances. `highlight()` cannot serve: it merges and
// repeats overlapping instances of a trigram phrase ("aaa" in "aaaa").

// Registers `tsb_offsets` on `database` (a `sqlite3 *`). 0 on success, else an SQLite
// error code.
int tsb_fts5_register_offsets(void *_Nonnull database);

#endif
