"""How the bundled fallback fonts in this folder were made (issue 40 section 2): subsets of Noto
fonts, cut with fontTools' subsetter so the repository stays small.

Run once by hand, never by the bot: ``python data/fonts/build.py SOURCES`` where SOURCES holds

- ``NotoSansHebrew-Regular.ttf``, ``NotoSansArabic-Regular.ttf``: Debian ``fonts-noto-core``
  (``/usr/share/fonts/truetype/noto``), version 20201225;
- ``NotoSansCJK-Regular.ttc``: Debian ``fonts-noto-cjk`` (``/usr/share/fonts/opentype/noto``),
  version 20220127; the Simplified Chinese face (number 2) is cut;
- ``NotoEmoji_400Regular.ttf``: npm ``@expo-google-fonts/noto-emoji`` 0.4.7 (``400Regular``), the
  monochrome Noto Emoji 3.006.

All are under the SIL Open Font License 1.1 (``LICENSE-Noto.txt``). DejaVu Sans stays the first
font; these draw only the characters it lacks (``render.common.font``).

The CJK subset keeps what names are written with: the 3,755 level-1 characters of GB 2312 (common
simplified Chinese), the 2,965 level-1 kanji of JIS X 0208, the 2,350 Hangul syllables of KS X 1001,
kana, CJK punctuation and full-width forms.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent


def _decoded(codec: str, rows: range, cells: range = range(0xA1, 0xFF)) -> set[int]:
    found = set()
    for row in rows:
        for cell in cells:
            try:
                found.add(ord(bytes([row, cell]).decode(codec)))
            except (UnicodeDecodeError, TypeError):
                continue
    return found


def cjk_codepoints() -> set[int]:
    chinese = _decoded("gb2312", range(0xB0, 0xD8))  # GB 2312 level 1
    kanji = _decoded("euc_jp", range(0xB0, 0xD0))  # JIS X 0208 level 1 (rows 16-47)
    hangul = _decoded("euc_kr", range(0xB0, 0xC9))  # KS X 1001 Hangul syllables
    kana = set(range(0x3040, 0x3100)) | set(range(0x31F0, 0x3200))
    punctuation = set(range(0x3000, 0x3040)) | set(range(0xFF01, 0xFF5F)) | {0x30FB, 0x30FC}
    return chinese | kanji | hangul | kana | punctuation


RANGES: dict[str, set[int]] = {
    "hebrew": set(range(0x0590, 0x0600)) | set(range(0xFB1D, 0xFB50)),
    "arabic": (
        set(range(0x0600, 0x0700))
        | set(range(0x0750, 0x0780))
        | set(range(0x08A0, 0x0900))
        | set(range(0xFB50, 0xFE00))
        | set(range(0xFE70, 0xFF00))
    ),
    "emoji": set(range(0x2000, 0x2C00)) | set(range(0x1F000, 0x1FB00)) | {0x200D, 0xFE0F, 0x20E3},
}


def cut(source: Path, target: str, codepoints: set[int], number: int = 0) -> None:
    options = subset.Options()
    options.layout_features = ["*"]
    options.hinting = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.font_number = number
    font = subset.load_font(str(source), options)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=codepoints)
    cutter.subset(font)
    subset.save_font(font, str(HERE / target), options)
    print(target, (HERE / target).stat().st_size, len(TTFont(HERE / target).getBestCmap()))


def main(sources: Path) -> None:
    cut(sources / "NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Regular.ttf", RANGES["hebrew"])
    cut(sources / "NotoSansArabic-Regular.ttf", "NotoSansArabic-Regular.ttf", RANGES["arabic"])
    cut(sources / "NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Subset.otf", cjk_codepoints(), 2)
    cut(sources / "NotoEmoji_400Regular.ttf", "NotoEmoji-Regular.ttf", RANGES["emoji"])


if __name__ == "__main__":
    main(Path(sys.argv[1]))
