"""book/light_pages.py: the theme's icons inlined as SVG, the scripts a page does not use removed.

The real icon script and theme come with the book's packages (``make book``); here a small
file in fontawesome.js's minified format stands in for it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


from book import light_pages as light  # noqa: E402

FONTAWESOME = (
    '(()=>{var b={"bars-staggered":[512,512,["reorder"],"f550","M9 9z"],bars:[448,512,["navicon"],"f0c9","M0 96z"],'
    '"magnifying-glass":[512,512,[128269,"search"],"f002","M1 1z"]};'
    'function(){p("fas",b),p("fa-solid",b)}})(),'
    '(()=>{var b={file:[384,512,[128196],"f15b","M3 3z"]};function(){p("far",b),p("fa-regular",b)}})(),'
    '(()=>{var b={github:[496,512,[],"f09b",["M2 2z","M4 4z"]]};function(){p("fab",b),p("fa-brands",b)}})()'
)
HEAD = (
    '<head>\n<script defer src="../_static/scripts/fontawesome.js?digest=90905a2f"></script>\n'
    '<script src="../_static/searchtools.js"></script>\n'
    '<script src="../_static/language_data.js"></script>\n'
    '<script src="../searchindex.js"></script>\n</head>'
)


@pytest.fixture
def packs(tmp_path):
    source = tmp_path / "fontawesome.js"
    source.write_text(FONTAWESOME, encoding="utf-8")
    return light.icon_set(source)


def test_icon_set_reads_each_pack_with_its_aliases(packs):
    assert packs["fas"]["bars"] == (448, 512, "M0 96z")
    assert packs["fas"]["navicon"] == packs["fas"]["bars"], "an alias names the same icon"
    assert packs["fas"]["search"] == (512, 512, "M1 1z"), "a name in quotes, aliases after a number"
    assert packs["far"]["file"] == (384, 512, "M3 3z") and "file" not in packs["fas"], "each icon in its own pack"
    assert packs["fab"]["github"] == (496, 512, "M2 2z M4 4z"), "a path given as a list is joined"


def test_icon_set_without_packs_is_a_clear_error(tmp_path):
    source = tmp_path / "other.js"
    source.write_text("var x=1;", encoding="utf-8")
    with pytest.raises(RuntimeError, match="no icons found for fas, far, fab"):
        light.icon_set(source)


def test_a_page_gets_inline_svg_and_loses_the_scripts_it_does_not_use(packs):
    body = (
        '<body><button><i class="fa-solid fa-bars"></i></button><span class="fa-solid fa-bars"></span>'
        '<i class="fab fa-github" title="GitHub"></i><i class="far fa-file"></i></body>'
    )
    page = light.lighten_page(HEAD + body, search_page=False, packs=packs)
    assert "fontawesome.js" not in page and "searchindex.js" not in page and "searchtools.js" not in page
    assert "<i " not in page and "<span" not in page, "every icon element becomes an <svg>"
    assert page.count('viewBox="0 0 448 512"><path fill="currentColor" d="M0 96z">') == 2
    assert 'class="svg-inline--fa fab fa-github" title="GitHub"' in page, "classes and attributes are kept"
    assert 'viewBox="0 0 384 512"' in page, "far fa-file is the regular pack's file icon"
    assert light.lighten_page(page, search_page=False, packs=packs) == page, "a lightened page is left as it is"


def test_the_search_page_keeps_its_search_scripts(packs):
    page = light.lighten_page(HEAD, search_page=True, packs=packs)
    assert "searchindex.js" in page and "searchtools.js" in page and "fontawesome.js" not in page


def test_an_unknown_icon_or_a_changed_theme_stops_the_build(packs):
    with pytest.raises(ValueError, match=r"none of \['rocket'\] is in the fas icon set"):
        light.lighten_page(HEAD + '<i class="fa-solid fa-rocket"></i>', search_page=False, packs=packs)
    with pytest.raises(ValueError, match="expected one fontawesome.js script tag, found 0"):
        light.lighten_page("<head></head>", search_page=False, packs=packs)
    with pytest.raises(ValueError, match="three search script tags once, found them 0 times"):
        light.lighten_page(HEAD.replace("searchindex.js", "index.js"), search_page=False, packs=packs)


def test_icon_fonts_keep_only_the_characters_the_style_sheets_use(tmp_path):
    pytest.importorskip("brotli", reason="woff2 needs brotli, a book package (make book)")
    from fontTools.ttLib import TTFont
    from matplotlib import get_data_path

    static = tmp_path / "_static"
    fonts = static / "vendor" / "fontawesome" / "webfonts"
    fonts.mkdir(parents=True)
    font = fonts / "fa-solid-900.woff2"
    face = TTFont(Path(get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf")
    for table in face["cmap"].tables:  # two icons in the private use area, as Font Awesome has them
        if table.isUnicode() and table.format == 4:
            table.cmap[0xE000] = table.cmap[ord("A")]
            table.cmap[0xE001] = table.cmap[ord("B")]
    face.save(font)
    (static / "styles.css").write_text('.a:before{content:"\ue000"}.b{content:"x"}', encoding="utf-8")
    [(name, before, after)] = light.subset_icon_fonts(static)
    kept = set(TTFont(font).getBestCmap())
    assert name == "fa-solid-900.woff2" and after < before / 10, "the font is cut down"
    assert kept == {0xE000}, "only the icon character a style sheet uses stays (not U+E001, not letters)"


def test_head_scripts_are_deferred_except_the_options_the_inline_lines_need(packs):
    head = (
        '<head>\n<script defer src="../_static/scripts/fontawesome.js?digest=90905a2f"></script>\n'
        '<script src="../_static/documentation_options.js?v=1"></script>\n'
        '<script src="../_static/doctools.js?v=2"></script>\n'
        "<script>DOCUMENTATION_OPTIONS.pagename = 'x';</script>\n"
        '<script src="../_static/book.js?v=3"></script>\n'
        '<script src="../_static/searchtools.js"></script>\n'
        '<script src="../_static/language_data.js"></script>\n'
        '<script src="../searchindex.js"></script>\n</head>'
    )
    body = '<body><script src="late.js"></script></body>'
    page = light.lighten_page(head + body, search_page=False, packs=packs)
    assert '<script src="../_static/documentation_options.js?v=1"></script>' in page, "the inline line needs it first"
    assert '<script defer src="../_static/doctools.js?v=2"></script>' in page
    assert '<script defer src="../_static/book.js?v=3"></script>' in page
    assert page.index("doctools.js") < page.index("book.js"), "deferred scripts keep their order"
    assert '<script src="late.js"></script>' in page, "only the head's scripts change"
    search = light.lighten_page(head + body, search_page=True, packs=packs)
    assert '<script src="../_static/doctools.js?v=2"></script>' in search, "the search page keeps its scripts as they are"


def test_the_theme_measures_a_block_for_its_tab_stop_only_when_it_comes_into_view():
    theme = "x.querySelectorAll(a)" + light.TAB_STOPS + ",t=L(e,300)"
    lazy = light.lazy_tab_stops(theme)
    assert "IntersectionObserver" in lazy and light.TAB_STOPS not in lazy
    assert light.lazy_tab_stops(lazy) == lazy, "a second build leaves the patched script as it is"
    with pytest.raises(ValueError, match="tab-stop check for scrollable blocks was not found once"):
        light.lazy_tab_stops("function I(){}")
