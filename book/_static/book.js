// The book's own script (book/conf.py: html_js_files).
//
// 1. The sidebar buttons. Both themes attach their handlers to the *first* .primary-toggle and
//    .secondary-toggle in the page, a header button that is hidden, while the buttons a reader
//    sees (☰ and the page's contents) are later copies that do nothing. Each visible copy passes
//    its click on to the first one, which opens the sidebar (a dialog on a phone, a collapse on a
//    desktop).
// 2. Interface text the themes and Sphinx 8.2's search leave in English, in Simplified Chinese.
// 3. Search as learners type (and 4. search snippets from the page's text, below). The index was cut into words by jieba when the book was built,
//    but the browser splits a query only at spaces, so 默认学习率 was one unknown word. Here a
//    run of Chinese characters is cut into the longest words the index knows (默认 + 学习率),
//    and characters the index does not know (是, 的) are left out instead of failing the query.
//    And the index stems English words with Snowball, the browser with Porter (TensorArray:
//    tensorarray against tensorarrai): a word the index holds as it is stays as it is.
//    This file loads before searchtools.js, which keeps a splitQuery that is already defined.
"use strict";

const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;
const LONGEST_WORD = 8;

function indexWords() {
  // searchtools.js declares Search with const: a global binding, not a property of window.
  const index = (typeof Search !== "undefined" && Search._index) || {};
  return new Set([...Object.keys(index.terms || {}), ...Object.keys(index.titleterms || {})]);
}

// Cut one run of Chinese characters into the longest words in `known`, left to right.
function cutChinese(run, known) {
  const words = [];
  let i = 0;
  while (i < run.length) {
    let j = Math.min(run.length, i + LONGEST_WORD);
    while (j > i + 1 && !known.has(run.slice(i, j))) j -= 1;
    const word = run.slice(i, j);
    if (known.has(word)) words.push(word);
    i = j;
  }
  return words;
}

window.splitQuery = (query) => {
  const known = indexWords();
  const words = [];
  for (const part of query.split(/[^\p{Letter}\p{Number}_\p{Emoji_Presentation}]+/gu)) {
    if (!part) continue;
    let rest = part;
    for (const run of part.match(CJK_RUN) || []) {
      const cut = known.size ? cutChinese(run, known) : [run];
      words.push(...cut);
      rest = rest.replace(run, " ");
    }
    words.push(...rest.split(" ").filter((w) => w));
  }
  return words;
};

// Search snippets: searchtools.js takes a result's text from the page's [role=main], which in
// this theme also holds the page's header buttons (the colour-mode menu: "System Settings",
// "Light", "Dark"), the right-hand contents and a copy of them for print (.onlyprint), so a
// snippet could start with them. The snippet is taken from the page with those parts removed.
const CHROME = [
  ".bd-header-article", ".bd-sidebar-secondary", ".onlyprint", ".prev-next-area", ".bd-footer-article", ".bd-footer-content",
].join(", ");

function snippetsFromText() {
  if (typeof Search === "undefined" || !Search.htmlToText || Search.htmlToText.withoutChrome) return;
  const original = Search.htmlToText;
  const withoutChrome = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    page.querySelectorAll(CHROME).forEach((element) => element.remove());
    return original(page.documentElement.outerHTML, anchor);
  };
  withoutChrome.withoutChrome = true;
  Search.htmlToText = withoutChrome;
}

function keepIndexedWords() {
  const Porter = window.Stemmer;
  if (!Porter || Porter.keepsIndexedWords) return;
  const Stemmer = function () {
    const porter = new Porter();
    this.stemWord = (word) => (indexWords().has(word) ? word : porter.stemWord(word));
  };
  Stemmer.keepsIndexedWords = true;
  window.Stemmer = Stemmer;
}

(() => {
  const LABELS = {
    "Toggle primary sidebar": "目录",
    "Toggle secondary sidebar": "本页内容",
    "Color mode": "颜色模式",
    "System Settings": "跟随系统",
    Light: "亮色",
    Dark: "暗色",
    "Link to this heading": "链接到本节",
    "Search...": "搜索…",
    Main: "主导航",
    Page: "本页",
    "列印成 PDF": "打印成 PDF", // the theme's zh_CN text is Taiwan wording
    "Suggest edit": "建议修改",
    "Open issue": "报告问题",
    Repository: "代码仓库",
  };
  const SEARCH = {
    "Search finished, found one page matching the search query.": [
      "搜索完成，找到 ${resultCount} 个页面。",
      "搜索完成，找到 ${resultCount} 个页面。",
    ],
    "Your search did not match any documents. Please make sure that all words are spelled correctly and that you've selected enough categories.":
      "没有找到包含这些词的页面。请检查拼写，或者换一个词再试。",
  };

  if (typeof Documentation !== "undefined" && Documentation.TRANSLATIONS) { // const in doctools.js
    Object.assign(Documentation.TRANSLATIONS, SEARCH);
  }

  const forwardToggleClicks = () => {
    for (const selector of [".primary-toggle", ".secondary-toggle"]) {
      const [first, ...copies] = document.querySelectorAll(selector);
      for (const copy of copies) {
        copy.addEventListener("click", (event) => {
          event.preventDefault();
          event.stopImmediatePropagation();
          first.click();
        }, true);
      }
    }
  };

  const translate = () => {
    for (const attribute of ["title", "aria-label", "data-bs-original-title", "data-bs-title"]) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        const chinese = LABELS[element.getAttribute(attribute)];
        if (chinese) element.setAttribute(attribute, chinese);
      }
    }
    for (const label of document.querySelectorAll(".btn__text-container")) {
      const chinese = LABELS[label.textContent.trim()];
      if (chinese) label.textContent = chinese;
    }
    for (const button of document.querySelectorAll(".theme-change-button")) {
      for (const node of button.childNodes) {
        const chinese = node.nodeType === Node.TEXT_NODE && LABELS[node.textContent.trim()];
        if (chinese) node.textContent = chinese;
      }
    }
  };

  const start = () => {
    keepIndexedWords(); // language_data.js (the Porter stemmer) has run by now
    snippetsFromText(); // searchtools.js has run by now, and searches only after this
    forwardToggleClicks();
    translate();
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
