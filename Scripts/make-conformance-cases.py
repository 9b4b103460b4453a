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

def case(family, name, keyword, marked, notes=""):
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
    cases.append({"family": family, "name": name, "keyword": keyword, "text": text,
                  "expected": expected, "notes": notes})

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

out = os.path.join(os.path.dirname(__file__), "..", "Sources", "SearchBenchKit", "Resources", "conformance.json")
with open(out, "w", encoding="utf-8") as f:
    json.dump(cases, f, ensure_ascii=False, indent=1)
    f.write("\n")
families = sorted({c["family"] for c in cases})
print(f"wrote {len(cases)} cases in {len(families)} families to {os.path.normpath(out)}")
