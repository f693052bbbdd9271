"""Lighter pages: the few theme icons drawn as inline SVG, and no script a page does not use.

pydata-sphinx-theme loads ``fontawesome.js`` (1.56 MB, the whole icon set) on every page to
turn about twenty ``<i class="fa-…">`` elements into SVG, and loads the search index
(``searchtools.js``, ``language_data.js``, ``searchindex.js``) on every page for a
search-as-you-type box that this book does not turn on (``search_as_you_type`` is off, so
the theme's script returns before using them). After the build (``build-finished``) each
page gets the SVG of its icons written in, taken from that same ``fontawesome.js``, and
those four script tags are removed; the search page keeps its own search scripts.

The theme's style sheet still draws a few icons with the icon font (admonition titles, download
links): each of the three font files is cut down to the characters the book's style sheets
use (fontTools, which Matplotlib brings), 112 KB to a few KB.

A page whose icon is not in the icon set, or a theme whose script tags look different,
stops the build with a message: a silently missing icon or a script still loaded would be
found only by measuring.

Two more changes let a phone paint a long notebook page sooner (``make lighthouse`` measures it):
- the small scripts in each page's ``<head>`` load with ``defer``, so they no longer hold up the
  first paint (``documentation_options.js`` stays as it is: the inline lines after it use it);
- the theme's check that makes scrollable code blocks reachable with the Tab key (it reads every
  block's size, which lays out the whole page at once) runs on each block only when the block
  comes into view.
Then the style sheets lose the rules no page can use (book/unused_css.py).
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

from fontTools import subset

from book import unused_css

# One icon in fontawesome.js: name:[width,height,[aliases],"unicode","svg path"] (the path may also be a list).
ICON = re.compile(r'(?:"([\w-]+)"|\b([A-Za-z_][\w]*)):\[(\d+),(\d+),\[([^\]]*)\],"[0-9a-f]*",("[^"]*"|\[[^\]]*\])\]')
# Each pack's icons are registered right after its table: p("fas",b),p("fa-solid",b).
PACK = re.compile(r'\w+\("(fab|far|fas)",\w+\),\w+\("fa-(?:brands|regular|solid)",\w+\)')
PACK_OF_CLASS = {"fab": "fab", "fa-brands": "fab", "far": "far", "fa-regular": "far", "fas": "fas", "fa-solid": "fas"}
MODIFIERS = {"fa-lg", "fa-fw", "fa-xs", "fa-sm", "fa-xl", "fa-2x", "fa-3x", "fa-spin", "fa-pulse"}
ICON_TAG = re.compile(r'<(?:i|span) class="([^"]*\bfa-[^"]*)"([^>]*)></(?:i|span)>')
FONTAWESOME_TAG = re.compile(r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js\?digest=\w+"></script>')
SEARCH_TAGS = re.compile(
    r'\s*<script src="[^"]*_static/searchtools\.js"></script>'
    r'\s*<script src="[^"]*_static/language_data\.js"></script>'
    r'\s*<script src="[^"]*searchindex\.js"></script>'
)


def fontawesome_js() -> Path:
    """The theme's own ``fontawesome.js`` (pydata-sphinx-theme, a book package)."""
    import pydata_sphinx_theme

    return Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / "scripts" / "fontawesome.js"


@lru_cache(maxsize=4)
def icon_set(source: Path | None = None) -> dict[str, dict[str, tuple[int, int, str]]]:
    """{pack: {name or alias: (width, height, path)}} for the packs fas, far and fab in ``fontawesome.js``."""
    source = source or fontawesome_js()
    text = source.read_text(encoding="utf-8")
    packs: dict[str, dict[str, tuple[int, int, str]]] = {"fas": {}, "far": {}, "fab": {}}
    start = 0
    for pack in PACK.finditer(text):
        table = packs[pack.group(1)]
        for icon in ICON.finditer(text, start, pack.start()):
            name = icon.group(1) or icon.group(2)
            path = icon.group(6)
            path = " ".join(re.findall(r'"([^"]*)"', path)) if path.startswith("[") else path[1:-1]
            entry = (int(icon.group(3)), int(icon.group(4)), path)
            aliases = [a.strip('"') for a in icon.group(5).split(",") if a.startswith('"')]
            for key in [name, *aliases]:
                table.setdefault(key, entry)
        start = pack.end()
    empty = [pack for pack, table in packs.items() if not table]
    if empty:
        raise RuntimeError(f"{source}: no icons found for {', '.join(empty)}; has the theme changed its icon script?")
    return packs


def svg_for(classes: str, attributes: str, packs: dict[str, dict[str, tuple[int, int, str]]]) -> str:
    """The inline SVG that fontawesome.js would put in place of ``<i class="{classes}"{attributes}>``."""
    names = classes.split()
    pack = next((PACK_OF_CLASS[n] for n in names if n in PACK_OF_CLASS), "fas")
    wanted = [n[3:] for n in names if n.startswith("fa-") and n not in PACK_OF_CLASS and n not in MODIFIERS]
    found = [n for n in wanted if n in packs[pack]]
    if not found:
        raise ValueError(f'icon <i class="{classes}">: none of {wanted} is in the {pack} icon set')
    width, height, path = packs[pack][found[0]]
    return (
        f'<svg class="svg-inline--fa {html.escape(classes)}"{attributes} aria-hidden="true" focusable="false" '
        f'role="img" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
        f'<path fill="currentColor" d="{path}"></path></svg>'
    )


def lighten_page(text: str, *, search_page: bool, packs=None) -> str:
    """One page's HTML with its icons inlined and the scripts it does not use removed."""
    packs = packs or icon_set()
    if LIGHTENED in text:  # an incremental build leaves pages it did not rewrite as they were
        return text
    text = text.replace("</head>", f"{LIGHTENED}\n</head>", 1)
    text, removed = FONTAWESOME_TAG.subn("", text)
    if removed != 1:
        raise ValueError(f"expected one fontawesome.js script tag, found {removed}")
    if not search_page:
        text, removed = SEARCH_TAGS.subn("", text)
        if removed != 1:
            raise ValueError(f"expected the three search script tags once, found them {removed} times")
        text = defer_head_scripts(text)
    return ICON_TAG.sub(lambda m: svg_for(m.group(1), m.group(2), packs), text)


LIGHTENED = "<!-- icons inlined, unused scripts removed: book/light_pages.py -->"
# A script in <head> that can wait until the page is parsed (every one but documentation_options.js,
# which the inline lines after it need at once).
HEAD_SCRIPT = re.compile(r'<script src="(?![^"]*documentation_options\.js)([^"]*)"></script>')

# pydata-sphinx-theme.js: every scrollable block gets tabindex 0, each one measured at load.
TAB_STOPS = ".forEach(e=>{e.tabIndex=e.scrollWidth>e.clientWidth||e.scrollHeight>e.clientHeight?0:-1})"
LAZY_TAB_STOPS = (
    ".forEach(e=>{(window.__bookTabStops||(window.__bookTabStops=new IntersectionObserver(n=>n.forEach("
    "({target:e,isIntersecting:t})=>{t&&(e.tabIndex=e.scrollWidth>e.clientWidth||e.scrollHeight>e.clientHeight?0:-1)}"
    ")))).observe(e)})"
)


def defer_head_scripts(text: str) -> str:
    """A page's HTML with its ``<head>`` scripts deferred (document order is kept: deferred scripts run in order)."""
    head, sep, rest = text.partition("</head>")
    if not sep:
        raise ValueError("no </head> in the page")
    return HEAD_SCRIPT.sub(r'<script defer src="\1"></script>', head) + sep + rest


def lazy_tab_stops(script: str) -> str:
    """The theme's script with its tab-stop check run per block as the block comes into view."""
    if LAZY_TAB_STOPS in script:
        return script
    if script.count(TAB_STOPS) != 1:
        raise ValueError("pydata-sphinx-theme.js: the tab-stop check for scrollable blocks was not found once")
    return script.replace(TAB_STOPS, LAZY_TAB_STOPS)
# Font Awesome draws its icons with characters from Unicode's private use area.
PRIVATE_USE = re.compile("[\ue000-\uf8ff\U000f0000-\U000ffffd]")


def subset_icon_fonts(static: Path) -> list[tuple[str, int, int]]:
    """Cut each icon font in ``static`` down to the icon characters in its style sheets; [(name, before, after)]."""
    used = set()
    for css in static.rglob("*.css"):
        used.update(PRIVATE_USE.findall(css.read_text(encoding="utf-8", errors="replace")))
    sizes = []
    for font in sorted(static.glob("vendor/fontawesome/webfonts/*.woff2")):
        before = font.stat().st_size
        options = subset.Options(flavor="woff2", layout_features=["*"], notdef_outline=True)
        face = subset.load_font(str(font), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=[ord(c) for c in used])
        subsetter.subset(face)
        subset.save_font(face, str(font), options)
        sizes.append((font.name, before, font.stat().st_size))
    return sizes


def lighten(app, exception) -> None:
    """build-finished: rewrite every HTML page of the build; drop fontawesome.js, which no page loads now."""
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    for page in out.rglob("*.html"):
        if page.parent.name == "_static" or "_sources" in page.parts:
            continue
        try:
            page.write_text(
                lighten_page(page.read_text(encoding="utf-8"), search_page=page.name == "search.html"),
                encoding="utf-8",
            )
        except ValueError as error:
            raise RuntimeError(f"{page.relative_to(out)}: {error}") from None
    for name in ("fontawesome.js", "fontawesome.js.map"):  # the LICENSE file stays: the icons are Font Awesome Free
        (out / "_static" / "scripts" / name).unlink(missing_ok=True)
    theme_script = out / "_static" / "scripts" / "pydata-sphinx-theme.js"
    try:
        theme_script.write_text(lazy_tab_stops(theme_script.read_text(encoding="utf-8")), encoding="utf-8")
    except ValueError as error:
        raise RuntimeError(str(error)) from None
    unused_css.purge_style_sheets(out)
    subset_icon_fonts(out / "_static")  # after the purge: only the icons of the rules that are left
