"""book/unused_css.py: the style sheets keep only the rules the book's pages and scripts can use."""

from __future__ import annotations

import pytest

from book import unused_css as css

WORDS = {"bd-article", "highlight", "k", "show", "dropdown-menu", "main-content"}
ELEMENTS = {"html", "body", "div", "pre", "a", "span"}


def purge(text: str) -> str:
    return css.purge(text, WORDS, ELEMENTS)


def test_a_rule_is_kept_only_when_every_class_id_and_element_it_needs_occurs():
    sheet = ".bd-article pre{a:1}.toast{b:2}.highlight .k{c:3}table td{d:4}#main-content{e:5}#nav{f:6}"
    assert purge(sheet) == ".bd-article pre{a:1}.highlight .k{c:3}#main-content{e:5}"


def test_one_usable_selector_keeps_the_whole_rule():
    assert purge(".toast,.dropdown-menu.show{x:1}") == ".toast,.dropdown-menu.show{x:1}"


def test_attributes_pseudo_classes_and_not_do_not_count():
    sheet = "html[data-theme=dark] a:hover{x:1}:root{y:2}a:not(.toast)::before{z:3}div:is(.gone) span{w:4}"
    assert purge(sheet) == sheet


def test_media_blocks_are_purged_inside_and_dropped_when_empty_other_at_rules_stay_whole():
    sheet = (
        "@media (max-width:576px){.toast{a:1}pre{b:2}}@media print{.toast{c:3}}"
        '@font-face{font-family:"x";src:url(a.woff2)}@keyframes spin{0%{t:0}to{t:1}}'
        '@charset "UTF-8";/*! licence */ /* other */'
    )
    assert purge(sheet) == (
        '@media (max-width:576px){pre{b:2}}@font-face{font-family:"x";src:url(a.woff2)}'
        '@keyframes spin{0%{t:0}to{t:1}}@charset "UTF-8";/*! licence */'
    )


def test_braces_inside_strings_do_not_end_a_rule():
    sheet = 'pre::after{content:"}{"}.toast{x:1}'
    assert purge(sheet) == 'pre::after{content:"}{"}'


def test_unbalanced_braces_are_a_clear_error():
    with pytest.raises(ValueError, match="unbalanced braces"):
        purge("pre{a:1")


def test_the_vocabulary_comes_from_pages_and_scripts_but_not_the_search_index(tmp_path):
    (tmp_path / "_static").mkdir()
    (tmp_path / "index.html").write_text('<html><body><div class="bd-article"></div></body></html>', encoding="utf-8")
    (tmp_path / "_static" / "theme.js").write_text('el.classList.add("show")', encoding="utf-8")
    (tmp_path / "searchindex.js").write_text('Search.setIndex({"toast": 1})', encoding="utf-8")
    before, after = ".bd-article{a:1}.show{b:2}.toast{c:3}div{d:4}", ".bd-article{a:1}.show{b:2}div{d:4}"
    (tmp_path / "_static" / "site.css").write_text(before, encoding="utf-8")
    sizes = css.purge_style_sheets(tmp_path)
    assert (tmp_path / "_static" / "site.css").read_text(encoding="utf-8") == after, ".toast occurs only in the index"
    assert sizes == [("_static/site.css", len(before), len(after))]
