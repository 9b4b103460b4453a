// SQLite from the system (Debian: libsqlite3-dev), for the fts5 strategy.
#include <sqlite3.h>
