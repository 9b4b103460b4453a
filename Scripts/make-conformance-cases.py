#!/usr/bin/env python3
"""Writes Sources/SearchBenchKit/Resources/conformance.json (datasets/conformance.json links to it), the match contract's conformance cases.

Each case is written by hand below: a keyword and a text in which every expected match
is marked with ⟦ ⟧. The marks are removed and the UTF-8 offsets of the marked spans
become the case's `expected` ranges, so the offsets need no hand arithmetic. The marked
spans follow the contract in ../shared/DESIGN.md ("The match contract"); the test suite
checks every case against the oracle.

Usage: Scripts/make-conformance-cases.py
"""
import json
import os

OPEN, CLOSE = "\u27e6", "\u27e7"
cases = []

def case(family, name, keyword, marked, notes="", word=None, diacritics=False):
    text, expected, start, plain = "", [], None, 0
    i = 0
    while i < len(marked):
        ch = marked[i]
        if ch == OPEN:
            assert start is None, name
            start = len(text.encode("utf-8"))
        elif ch == CLOSE:
            assert start is not None, name
            expected.append([start, len(text.encode("utf-8"))])
            start = None
        else:
            text += ch
        i += 1
    assert start is None, name
    assert all(c["name"] != name for c in cases), name
    item = {"family": family, "name": name, "keyword": keyword, "text": text,
            "expected": expected, "notes": notes}
    if word or diacritics:
        # The find options (see the contract's "Find options"); absent means contains,
        # diacritics significant.
        item["options"] = {"wordMatch": word or "contains", "ignoreDiacritics": diacritics}
    cases.append(item)

M = lambda s: OPEN + s + CLOSE  # marks one expected match

# --- ascii ---------------------------------------------------------------------------
case("ascii", "ascii-cases", "abc", f"xx {M('abc')} yy {M('ABC')} {M('aBc')}")
case("ascii", "ascii-upper-keyword", "ABC", M("abc"))
case("ascii", "ascii-word-prefixes", "hello", f"{M('Hello')}, {M('HELLO')}! hell hel")
case("ascii", "ascii-single-letter", "a", f"{M('A')}n{M('a')}")
case("ascii", "ascii-keyword-longer-than-text", "abcdef", "abc")
case("ascii", "ascii-whole-text", "transcript", M("Transcript"))
case("ascii", "ascii-digits", "42", f"{M('42')} 4 2 1{M('42')}")
case("ascii", "ascii-punctuation", "?", f"what{M('?')} why{M('?')}")
case("ascii", "ascii-inside-words", "cat", f"con{M('cat')}enate {M('CAT')}s")
case("ascii", "ascii-no-match", "dog", "cat")
case("ascii", "ascii-letters-and-digits", "a1", f"{M('A1')} a2 {M('a1')}")
case("ascii", "ascii-at-sign", "user@x", f"mail {M('USER@X')}")
case("ascii", "ascii-empty-keyword", "", "abc", "An empty keyword has no matches.")
case("ascii", "ascii-empty-text", "a", "")

# --- full folding expansions -------------------------------------------------------------
case("expansion", "sharp-s-keyword", "straße",
     f"{M('STRASSE')} {M('Strasse')} {M('straße')} {M('STRAẞE')}", "ß and ẞ fold to ss.")
case("expansion", "ss-keyword-finds-sharp-s", "STRASSE", M("straße"))
case("expansion", "ss-finds-sharp-s-whole", "ss", f"{M('ß')} {M('ss')} {M('SS')}")
case("expansion", "s-never-half-of-sharp-s", "s", "ß", "s must not match half of ß.")
case("expansion", "sharp-s-then-leftover", "ß", f"{M('ss')}s")
case("expansion", "ligature-fi", "ﬁ", f"{M('fi')}le {M('FI')}LE {M('ﬁ')}le")
case("expansion", "word-over-ligature", "file", M("ﬁle"))
case("expansion", "f-never-half-of-ligature", "f", "ﬁ")
case("expansion", "n-preceded-by-apostrophe", "ʼn", M("ŉ"), "U+0149 folds to U+02BC n.")
case("expansion", "ligature-ff", "FF", M("ﬀ"))
case("expansion", "ligature-st", "ST", M("ﬆ"))
case("expansion", "j-with-caron", "J\u030c", M("ǰ"), "U+01F0 folds to j + U+030C.")
case("expansion", "iota-dialytika-tonos", "ΐ", M("ι\u0308\u0301"))
case("expansion", "armenian-ech-yiwn", "եւ", M("և"))
case("expansion", "capital-sharp-s-keyword", "ẞ", f"{M('ss')} {M('ß')}")
case("expansion", "alpha-ypogegrammeni", "αι", f"{M('ᾳ')} {M('ᾼ')}")
case("expansion", "prosgegrammeni-forms", "ᾳ", M("ᾼ"))
case("expansion", "dotted-capital-i-not-i", "i", "İ",
     "U+0130 folds to i + U+0307 (no Turkic folding), one character: plain i is only part of it.")
case("expansion", "dotted-capital-i-whole", "i\u0307", M("İ"))
case("expansion", "dotless-i-not-capital-i", "I", f"{M('i')} ı", "ı has no case folding.")
case("expansion", "dotless-i-itself", "ı", f"{M('ı')} I i")
case("expansion", "sss-over-s-and-sharp-s", "sss", M("sß"))

# --- final sigma ---------------------------------------------------------------------------
case("sigma", "word-with-final-sigma", "οδος", f"{M('ΟΔΟΣ')} {M('οδος')} {M('οδοσ')}")
case("sigma", "capital-keyword", "ΟΔΟΣ", M("οδος"))
case("sigma", "all-sigmas", "σ", f"{M('ς')} {M('Σ')} {M('σ')}")
case("sigma", "final-sigma-keyword", "ς", M("σ"))
case("sigma", "tonos-and-sigma", "λόγος", M("ΛΌΓΟΣ"))
case("sigma", "double-sigma", "θάλασσα", M("ΘΆΛΑΣΣΑ"))
case("sigma", "sigma-pair", "σς", M("ΣΣ"))

# --- precomposed and decomposed ---------------------------------------------------------------
case("canonical", "nfc-keyword-nfd-text", "café", M("cafe\u0301"))
case("canonical", "nfd-keyword-nfc-text", "cafe\u0301", M("café"))
case("canonical", "e-not-inside-e-acute-nfd", "e", "e\u0301", "e must not match inside e + U+0301.")
case("canonical", "e-not-inside-e-acute-nfc", "e", "é")
case("canonical", "capital-accented", "CAFÉ", f"{M('café')} {M('cafe' + chr(0x301))}")
case("canonical", "e-acute-every-form", "é", f"{M('É')} {M('e' + chr(0x301))} {M('E' + chr(0x301))} e")
case("canonical", "lone-mark-keyword-inside", "\u0301", "e\u0301")
case("canonical", "n-tilde", "ñ", f"{M('n' + chr(0x303))} {M('Ñ')}")
case("canonical", "mark-order-reordered", "q\u0307\u0323", M("q\u0323\u0307"),
     "Marks of different combining classes reorder canonically.")
case("canonical", "mark-order-kept", "ǖ", f"{M('u' + chr(0x308) + chr(0x304))} u\u0304\u0308",
     "Marks of the same class keep their order: u + macron + diaeresis is another character.")
case("canonical", "angstrom-sign", "å", f"{M(chr(0x212B))} {M('Å')}")
case("canonical", "kelvin-sign", "k", f"{M(chr(0x212A))} {M('K')}")
case("canonical", "ohm-sign", "ω", M("\u2126"))
case("canonical", "a-not-inside-a-diaeresis", "a", "a\u0308")
case("canonical", "a-diaeresis-decomposed", "ä", M("a\u0308"))
case("canonical", "vietnamese-stacked-marks", "việt", f"{M('VIỆT')} {M('vie' + chr(0x302) + chr(0x323) + 't')}")
case("canonical", "greek-oxia-is-tonos", "ά", f"{M(chr(0x1F71))} {M('Ά')}")

# --- Hangul ------------------------------------------------------------------------------------
case("hangul", "syllables-vs-jamo", "한국", M("\u1112\u1161\u11ab\u1100\u116e\u11a8"))
case("hangul", "jamo-vs-syllable", "\u1112\u1161\u11ab", f"{M('한')}국")
case("hangul", "lv-not-inside-lvt", "하", "한", "하 is a prefix of 한's key, but not a character.")
case("hangul", "lv-alone", "하", f"{M('하')} 한")
case("hangul", "words-with-space", "김치", f"{M('김치')} 김 치")
case("hangul", "compatibility-jamo-differ", "ㅎ", "\u1112", "No compatibility normalisation.")
case("hangul", "repeated-compatibility-jamo", "ㅋㅋ", f"{M('ㅋㅋ')}{M('ㅋㅋ')}ㅋ")

# --- outside the 16-bit range -------------------------------------------------------------------
case("astral", "deseret", "𐐀", f"{M('𐐨')} {M('𐐀')}")
case("astral", "deseret-word", "𐐨𐐩", M("𐐀𐐁"))
case("astral", "osage", "𐒰", M("𐓘"))
case("astral", "adlam", "𞤀", M("𞤢"))
case("astral", "warang-citi", "𑢠", M("𑣀"))
case("astral", "math-bold-no-case", "a", "𝐀", "Mathematical letters have no case folding.")
case("astral", "math-bold-itself", "𝐀", f"{M('𝐀')} A a")
case("astral", "emoji-repeated", "😀", f"{M('😀')}{M('😀')}")
case("astral", "medefaidrin", "𖹀", M("𖹠"))

# --- marks attached to a hit ---------------------------------------------------------------------
case("marks", "bare-e-only", "e", f"{M('e')} e\u0301 {M('E')}")
case("marks", "o-not-o-umlaut", "o", f"ö {M('o')}")
case("marks", "word-ending-in-accent", "cafe", "cafe\u0301", "The last character is é.")
case("marks", "prefix-before-accent", "caf", f"{M('caf')}e\u0301")
case("marks", "n-not-inside-n-tilde", "n", "n\u0303")
case("marks", "devanagari-vowel-sign", "क", f"{M('क')} कि", "कि is one character (SpacingMark).")
case("marks", "devanagari-word", "नमस्ते", f"{M('नमस्ते')} जी")
case("marks", "thai-marks", "น", "น้ำ", "น้ำ is one character.")
case("marks", "thai-whole", "น้ำ", M("น้ำ"))
case("marks", "arabic-haraka", "ب", f"بَ {M('ب')}")
case("marks", "lone-mark-at-start", "\u0301", f"{M(chr(0x301))}abc",
     "A mark at the start of a row is a character of its own.")
case("marks", "lone-mark-after-letter", "\u0301", "a\u0301")
case("marks", "replacement-character", "\ufffd", f"a{M(chr(0xFFFD))}b")

# --- emoji ----------------------------------------------------------------------------------------
case("emoji", "thumb-not-inside-toned-thumb", "👍", f"👍🏽 {M('👍')}")
case("emoji", "toned-thumb", "👍🏽", f"{M('👍🏽')} 👍")
case("emoji", "man-not-inside-family", "👨", "👨\u200d👩\u200d👧")
case("emoji", "family", "👨\u200d👩\u200d👧", f"{M('👨' + chr(0x200D) + '👩' + chr(0x200D) + '👧')} 👨👩👧")
case("emoji", "flag", "🇯🇵", f"{M('🇯🇵')}🇺🇸")
case("emoji", "flag-across-two-flags", "🇵🇺", "🇯🇵🇺🇸",
     "The bytes of 🇵🇺 occur across the two flags, not at character boundaries.")
case("emoji", "single-regional-indicator", "🇯", "🇯🇵")
case("emoji", "heart-without-selector", "❤", "❤\ufe0f", "U+FE0F belongs to the character.")
case("emoji", "heart-with-selector", "❤\ufe0f", f"{M(chr(0x2764) + chr(0xFE0F))} ❤")
case("emoji", "skin-tone-alone", "🏽", "👍🏽")
case("emoji", "keycap-digit", "1", "1\ufe0f\u20e3")
case("emoji", "astronaut", "🧑🏽\u200d🚀", f"x {M('🧑🏽' + chr(0x200D) + '🚀')} 🧑")

# --- CRLF -------------------------------------------------------------------------------------------
case("crlf", "lf-not-inside-crlf", "\n", "a\r\nb", "CR LF is one character.")
case("crlf", "cr-not-inside-crlf", "\r", "a\r\nb")
case("crlf", "crlf-whole", "\r\n", f"a{M(chr(13) + chr(10))}b")
case("crlf", "bare-lf", "\n", f"a{M(chr(10))}b{M(chr(10))}")
case("crlf", "letter-and-cr", "a\r", "a\r\n")
case("crlf", "lone-cr", "\r", f"a{M(chr(13))}b")

# --- overlapping repeats ---------------------------------------------------------------------------
case("overlap", "aa-in-aaaa", "aa", f"{M('aa')}{M('aa')}", "Resume after each match: 2, not 3.")
case("overlap", "aa-in-aaaaa", "aa", f"{M('aa')}{M('aa')}a")
case("overlap", "aba-in-abababa", "aba", f"{M('aba')}b{M('aba')}")
case("overlap", "ss-after-sharp-s", "ss", f"{M('ß')}{M('ss')}")
case("overlap", "ss-over-s-sharp-s", "ss", f"s{M('ß')}")
case("overlap", "sigma-pairs", "σσ", f"{M('σς')}{M('σς')}")
case("overlap", "banana", "na", f"ba{M('na')}{M('na')}")
case("overlap", "case-mixed-repeats", "Aa", f"{M('aA')}{M('AA')}a")

# --- metacharacters ----------------------------------------------------------------------------------
case("meta", "dot", ".", f"a{M('.')}b")
case("meta", "dot-inside", "a.c", f"abc {M('a.c')}")
case("meta", "parentheses", "(x)", f"{M('(x)')} x")
case("meta", "brackets", "[a-z]", f"{M('[A-Z]')} b")
case("meta", "star", "*", f"{M('*')}a{M('*')}")
case("meta", "backslash-d", "\\d", f"{M(chr(92) + 'D')} 5")
case("meta", "dollar", "$1", f"cost {M('$1')}0")
case("meta", "caret", "^", f"a{M('^')}b")
case("meta", "alternation", "a|b", f"{M('A|B')} a b")
case("meta", "plus", "+", f"1{M('+')}1")
case("meta", "question-star", "?*", f"{M('?*')}?")
case("meta", "braces", "{2}", f"a{M('{2}')} aa")
# Full-text query syntax (SQLite FTS5's among others) is text like any other.
case("meta", "double-quote", '"', f'say {M(chr(34))}hi{M(chr(34))}')
case("meta", "quoted-phrase", '"red fox"', f'the {M(chr(34) + "Red Fox" + chr(34))}, a red fox')
case("meta", "prefix-star", "zeph*", f"zephyr {M('ZEPH*')}")
case("meta", "near", "NEAR(a b)", f"{M('near(A B)')} a b")
case("meta", "or-operator", "cats OR dogs", f"{M('Cats or Dogs')}, cats, dogs")
case("meta", "not-operator", "-spam", f"no{M('-SPAM')} spam")
case("meta", "initial-token", "^start", f"{M('^Start')} start")
case("meta", "column-filter", "text:hello", f"{M('Text:Hello')} hello")

# --- whitespace ---------------------------------------------------------------------------------------
case("whitespace", "space", " ", f"a{M(' ')}b{M(' ')}c")
case("whitespace", "two-spaces", "  ", f"a{M('  ')}{M('  ')}b")
case("whitespace", "only-spaces-keyword-long", "   ", "a  b", "Three spaces do not fit in two.")
case("whitespace", "tab", "\t", f"a{M(chr(9))}b")
case("whitespace", "no-break-space-differs", " ", "a\u00a0b", "No compatibility normalisation.")
case("whitespace", "ideographic-space", "\u3000", f"漢{M(chr(0x3000))}字")
case("whitespace", "letters-around-space", "a b", f"{M('A B')} a  b")

# --- long keywords -----------------------------------------------------------------------------------------
sentence = "the quick brown fox jumps over the lazy dog while the search bar counts every hit " * 3
case("long", "long-ascii-sentence", sentence.strip(), f"start {M(sentence.strip().upper())} end")
greek = "ο λόγος της θάλασσας είναι πάντα ο ίδιος σε όλους τους κόσμους"
case("long", "long-greek-phrase", greek, f"— {M(greek.upper())} —")
case("long", "longer-than-text-by-one", "abcd", "abc")
case("long", "thousand-a", "a" * 1000, M("a" * 1000) + M("a" * 1000))
cjk = "量子计算机的研究需要大量的数据分析和非常重要的技术讨论以及团队合作" * 2
case("long", "long-chinese", cjk, f"开始{M(cjk)}结束")
case("long", "ten-thousand-characters", "ab" * 5000, "ab" * 4999)

# --- scripts without case ---------------------------------------------------------------------------------
case("caseless", "chinese-repeat", "中文", f"{M('中文')}{M('中文')}")
case("caseless", "katakana-not-hiragana", "ラーメン", f"{M('ラーメン')} らーめん",
     "Hiragana never matches katakana.")
case("caseless", "hiragana-not-katakana", "らーめん", "ラーメン")
case("caseless", "halfwidth-katakana-differs", "ｶ", "カ", "No width folding.")
case("caseless", "fullwidth-latin-folds", "ａ", f"{M('Ａ')} A a", "Fullwidth letters have case.")
case("caseless", "ascii-not-fullwidth", "a", "Ａ ａ")
case("caseless", "arabic-inside-word", "قمر", f"{M('قمر')} ال{M('قمر')}")
case("caseless", "hebrew", "שלום", M("שלום"))
case("caseless", "thai-word", "ทะเล", f"{M('ทะเล')}สวย")
case("caseless", "chinese-punctuation", "，", f"你好{M('，')}世界")
case("caseless", "cherokee", "ꭰ", M("Ꭰ"), "Lowercase Cherokee folds to uppercase.")
case("caseless", "georgian-mtavruli", "ა", M("Ა"))
case("caseless", "cyrillic", "звезда", f"{M('ЗВЕЗДА')} {M('Звезда')}")

# --- find option: whole words (UAX #29 default word boundaries) ------------------------------
W = lambda *args, **kw: case(*args, word="whole", **kw)
W("word-whole", "whole-not-inside-word", "ana", f"{M('Ana')} banana {M('ana')}.",
  "Ana must not light up every banana.")
W("word-whole", "whole-apostrophe-joins", "can", f"can't can\u2019t {M('CAN')}",
  "WB6/WB7: a letter, an apostrophe (Single_Quote or MidNumLet U+2019) and a letter are one word.")
W("word-whole", "whole-apostrophe-at-end", "dogs", f"the {M('dogs')}' bones",
  "An apostrophe not followed by a letter ends the word.")
W("word-whole", "whole-number-with-point", "3", f"3.14 3,5 {M('3')}",
  "WB11/WB12: digits joined by . or , are one word.")
W("word-whole", "whole-letters-and-digits", "a1", f"{M('a1')} a1b 2a1",
  "WB9/WB10: letters and digits are one word.")
W("word-whole", "whole-underscore-joins", "foo", f"foo_bar {M('foo')}-bar",
  "WB13a/WB13b: ExtendNumLet (_) joins; a hyphen does not.")
W("word-whole", "whole-emoji", "👍", f"{M('👍')}👍🏽 x{M('👍')}",
  "Pictographs are words of their own; the skin tone is part of its character.")
W("word-whole", "whole-chinese-every-character", "中文", f"{M('中文')}字 {M('中文')}",
  "No dictionary: a word boundary falls between any two Han characters.")
W("word-whole", "whole-hiragana-every-character", "か", f"あ{M('か')}い {M('か')}",
  "Hiragana is not Katakana: a boundary falls between any two.")
W("word-whole", "whole-katakana-run-is-one-word", "カ", f"カタカナ {M('カ')}",
  "WB13: Katakana × Katakana.")
W("word-whole", "whole-thai-every-character", "น", f"{M('น')}ก ก{M('น')} น\u0e49",
  "Thai letters are Other (Line_Break SA): no dictionary, so a boundary falls between any two letters. With its tone mark, น้ is another character.")
W("word-whole", "whole-punctuation-keyword", ",", f"a{M(',')} b {M(',')}c 1,5",
  "A comma is a word of its own, except between digits (WB11/WB12).")
W("word-whole", "whole-keyword-spans-boundary", "ice cream",
  f"{M('Ice cream')}, nice creamy {M('ice cream')}",
  "A keyword may hold boundaries; only its ends are checked.")
W("word-whole", "whole-hebrew-gershayim", "צה", "צה\"ל",
  "WB7b/WB7c: Hebrew letter, double quote, Hebrew letter are one word.")
W("word-whole", "whole-hebrew-geresh-end", "צה", f"צה' {M('צה')}",
  "WB7a: Hebrew letter × single quote: no word boundary before an apostrophe after a Hebrew letter.")
W("word-whole", "whole-greek-final-sigma", "οδος", f"{M('ΟΔΟΣ')} οδοσς",
  "Folding and word boundaries together.")
W("word-whole", "whole-next-candidate-after-rejected", "aa", f"aaa {M('aa')}",
  "Candidates that fail the option do not hide later ones.")
W("word-whole", "whole-crlf-ends-word", "end", f"{M('end')}\r\n{M('END')}")
W("word-whole", "whole-leftmost-among-allowed", "a a", f"a aa {M('a a')}",
  "a a at 0 is followed by a letter, at 3 preceded by one; the last one is whole.")
W("word-whole", "whole-mark-at-word-end", "cafe", "cafe\u0301",
  "e + U+0301 is one character: cafe ends inside it.")
W("word-whole", "whole-numeric-keyword", "2024", f"{M('2024')}. 20245 x2024 {M('2024')}")
W("word-whole", "whole-zwj-sequence", "👨\u200d👩\u200d👧", f"{M('👨‍👩‍👧')}{M('👨‍👩‍👧')}",
  "WB3c keeps a ZWJ sequence whole; two sequences are two words.")
W("word-whole", "whole-flags", "🇯🇵", f"{M('🇯🇵')}{M('🇯🇵')}🇺",
  "WB15/WB16: regional indicators pair up.")
W("word-whole", "whole-format-char-joins", "ab", "a\u00adb ab\u00adc",
  "WB4: a soft hyphen (Format) inside a word does not break it.")

S = lambda *args, **kw: case(*args, word="start", **kw)
S("word-start", "start-prefix-of-words", "ana", f"{M('Ana')} banana {M('ana')}tomy",
  "The match must begin a word.")
S("word-start", "start-after-punctuation", "com", f"({M('com')}pute) .{M('com')} income")
S("word-start", "start-not-after-apostrophe", "t", f"can't {M('t')}ea",
  "The t of can't does not start a word.")
S("word-start", "start-digits", "19", f"{M('19')}99 2019 x19 {M('19')}",
  "x19 is one word (WB9).")
S("word-start", "start-cjk", "文", f"中{M('文')}", "Every Han character starts a word.")

S("word-start", "start-after-hyphen-and-quote", "well", f"{M('well')}-known \"{M('Well')}\" unwell")
S("word-start", "start-not-inside-number", "14", f"3.14 {M('14')}th",
  "3.14 is one word (WB11/WB12): its 14 does not start one.")
S("word-start", "start-katakana-run", "タ", f"カタカナ {M('タ')}イ",
  "Katakana × Katakana: タ inside カタカナ does not start a word.")
S("word-start", "start-thai-any-letter", "ก", f"น{M('ก')} {M('ก')}า",
  "Thai letters are Other: every one starts a word (no dictionary).")
S("word-start", "start-emoji-after-letter", "👍", f"ok{M('👍')}", "A pictograph starts a word of its own.")
S("word-start", "start-after-underscore-no", "bar", f"foo_bar {M('bar')}", "_ joins words (WB13a/b).")

E = lambda *args, **kw: case(*args, word="end", **kw)
E("word-end", "end-suffix-of-words", "ana", f"ban{M('ana')} Anatomy {M('ANA')}",
  "The match must end a word; in banana the first ana ends inside the word, the second at its end.")
E("word-end", "end-before-punctuation", "ing", f"sing{M('ing')} runn{M('ing')}, {M('ing')}")
E("word-end", "end-then-later-overlap", "aa", f"a{M('aa')}",
  "In aaa, aa at 0 does not end the word; aa at 1 does.")
E("word-end", "end-before-mark-inside", "e", "cafe\u0301",
  "The e is inside a character that ends later.")

E("word-end", "end-before-apostrophe-no", "can", f"can't {M('can')}.",
  "can't is one word: its can does not end one.")
E("word-end", "end-number-before-comma", "5", f"1,{M('5')} {M('5')}, 5x",
  "The 5 of 1,5 ends that word; so does 5 before a comma not followed by a digit; 5x is one word.")
E("word-end", "end-hiragana-any", "か", f"{M('か')}い {M('か')}",
  "Hiragana is not Katakana: every character ends a word.")
E("word-end", "end-before-emoji", "ok", f"{M('ok')}👍 okay", "A pictograph after a letter starts a new word.")
E("word-end", "end-greek-final-sigma", "λογος", f"{M('ΛΟΓΟΣ')} λογοσς",
  "The folded sigma ends the word; a longer word does not end there.")

# --- find option: ignore diacritics (key drops General Category Mn) ---------------------------
DECOMPOSED_RESUME, DECOMPOSED_E, DECOMPOSED_CAFE = "re\u0301sume\u0301", "e\u0301", "cafe\u0301"
D = lambda *args, **kw: case(*args, diacritics=True, **kw)
D("diacritics", "resume-resume", "resume",
  f"{M('RÉSUMÉ')} {M('résumé')} {M(DECOMPOSED_RESUME)} {M('resume')}")
D("diacritics", "accented-keyword-finds-plain", "résumé", f"{M('resume')} {M('RESUME')}")
D("diacritics", "e-matches-whole-accented-characters", "e",
  f"{M('é')} {M(DECOMPOSED_E)} {M('ê')} {M('ë')}", "A match is still whole characters: é as a whole.")
D("diacritics", "sharp-s-still-ss", "straße", f"{M('STRASSE')} {M('strasse')}")
D("diacritics", "greek-breathing-and-accent", "οδος", f"{M('ὁδός')} {M('ΟΔΟΣ')}")
D("diacritics", "greek-iota-subscript", "αι", f"{M('ᾳ')}",
  "ᾳ folds to αι; the accents and breathings of Greek are Mn.")
D("diacritics", "cyrillic-short-i", "и", f"{M('й')} {M('и')}", "й is и + U+0306 (Mn).")
D("diacritics", "cyrillic-yo", "елка", f"{M('ёлка')} {M('ЁЛКА')}")
D("diacritics", "hebrew-points", "שלום", f"{M('שָׁלוֹם')} {M('שלום')}",
  "Niqqud (qamats, shin dot, holam) are Mn.")
D("diacritics", "arabic-harakat", "كتب", f"{M('كَتَبَ')} {M('كتب')}", "Fatha is Mn.")
D("diacritics", "vietnamese-tone-and-vowel-marks", "tieng viet", f"{M('Tiếng Việt')} {M('TIẾNG VIỆT')}",
  "ệ is e + U+0323 + U+0302, both Mn.")
D("diacritics", "kana-voicing", "か", f"{M('が')} {M('か')} カ",
  "が is か + U+3099 (Mn); hiragana still never matches katakana.")
D("diacritics", "katakana-semi-voicing", "ハ", f"{M('パ')}{M('バ')}{M('ハ')}")
D("diacritics", "spacing-mark-kept", "क", f"कि {M('क्')} {M('क')}",
  "The vowel sign ि is Mc and stays; the virama ् is Mn and goes.")
D("diacritics", "thai-tone-mark", "นา", f"{M('น้า')} {M('นา')}", "The Thai tone mark U+0E49 is Mn.")
D("diacritics", "only-a-mark-keyword", "\u0301", "e\u0301 \u0301 a",
  "A keyword whose key is empty has no matches.")
D("diacritics", "lone-mark-then-word", "abc", M("\u0301abc"),
  "A lone mark at the start of a row is a character with an empty key: the leftmost candidate starts before it.")
D("diacritics", "lone-mark-after-newline-ends-late", "a\n", M("a\n") + "\u0301",
  "Of the candidates that start together, the match ends at the first end allowed.")
D("diacritics", "enclosing-mark-kept", "a", f"{M('a')} a\u20dd",
  "U+20DD is Me (enclosing), not Mn: it stays.")
D("diacritics", "ligature-and-marks", "fiance", f"{M('ﬁancé')}")

# --- both options together -------------------------------------------------------------------
WD = lambda *args, **kw: case(*args, word="whole", diacritics=True, **kw)
WD("word-and-diacritics", "whole-resume", "resume", f"{M('Résumé')} resumes {M('RESUME')}")
WD("word-and-diacritics", "whole-accented-keyword", "café", f"{M('cafe')} cafes {M('CAFÉ')}")
WD("word-and-diacritics", "whole-lone-mark-after-control", "abc", "\u0001\u0301" + M("abc"),
  "After a control character a lone mark is its own character with an empty key, but WB4 joins it to the control: the word starts after it.")
case("word-and-diacritics", "start-cafe", "cafe", f"{M('Café')}s {M('café')} {M(DECOMPOSED_CAFE)}",
     word="start", diacritics=True)
case("word-and-diacritics", "end-e", "e", f"caf{M('é')} caf{M('e')} Ét{M('é')}",
     word="end", diacritics=True)

case("word-and-diacritics", "start-ignoring-marks", "ubung", f"{M('Übung')}en {M('übung')} Vorübung",
     word="start", diacritics=True, notes="Vorübung is one word: its übung does not start one.")
case("word-and-diacritics", "end-ignoring-marks", "ete", f"{M('été')} {M('ETE')} étés",
     word="end", diacritics=True)
case("word-and-diacritics", "end-vietnamese", "viet", f"Tiếng {M('Việt')}, VIETnam",
     word="end", diacritics=True, notes="Vietnam is one word: its Viet does not end one.")
WD("word-and-diacritics", "whole-kana-voicing", "かな", f"{M('がな')} ひら{M('がな')} カナ",
   "Hiragana has a boundary between any two characters, so がな inside ひらがな is whole too; katakana still differs.")
WD("word-and-diacritics", "whole-arabic", "كتب", f"{M('كَتَبَ')} الكتب",
   "Harakat drop; the article joins the word (both letters), so الكتب is one word.")
WD("word-and-diacritics", "whole-hebrew-niqqud", "שלום", f"{M('שָׁלוֹם')} השלום",
   "Niqqud drop; ה+שלום is one word.")

out = os.path.join(os.path.dirname(__file__), "..", "Sources", "SearchBenchKit", "Resources", "conformance.json")
with open(out, "w", encoding="utf-8") as f:
    json.dump(cases, f, ensure_ascii=False, indent=1)
    f.write("\n")
families = sorted({c["family"] for c in cases})
print(f"wrote {len(cases)} cases in {len(families)} families to {os.path.normpath(out)}")