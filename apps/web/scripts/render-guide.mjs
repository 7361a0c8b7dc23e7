// The organiser's guide (docs/guide/*.md and its images) as static pages of the web build, under
// /guide/: a self-hosted install has no repository to read it in. README.md becomes index.html,
// every other chapter NAME.md becomes NAME.html, and links between chapters follow. The pages run
// no script (the server's CSP allows none inline) and the service worker neither precaches them nor
// answers their navigations (vite.config.ts), so the guide is always the one the server has.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';

const STYLE = `body{font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1f2328;margin:0}
header{background:#1971c2;color:#fff;padding:.75rem 1rem}
header a{color:#fff;font-weight:600;text-decoration:none;margin-right:1.25rem}
main{max-width:52rem;margin:0 auto;padding:1rem 1.25rem 4rem}
h1,h2,h3{line-height:1.25}h2{margin-top:2.25rem;border-bottom:1px solid #d0d7de;padding-bottom:.3rem}
img{max-width:100%;height:auto;border:1px solid #d0d7de;border-radius:6px}
code{background:#f6f8fa;padding:.1em .3em;border-radius:4px;font-size:90%}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left}
a{color:#1864ab}`;

/** A chapter's file name in the build: README.md is the index. */
function pageName(markdownFile) {
  return markdownFile === 'README.md' ? 'index.html' : markdownFile.replace(/\.md$/, '.html');
}

function titleOf(markdown) {
  return /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? 'Guide';
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/**
 * The guide's files for the build: [{fileName, source}] with fileName relative to the build's root
 * (guide/index.html, guide/guide.css, guide/img/…). Nothing when the guide is missing.
 */
export function renderGuide(guideDir) {
  if (!existsSync(path.join(guideDir, 'README.md'))) return [];
  const chapters = readdirSync(guideDir).filter((name) => name.endsWith('.md'));
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      // A link to another chapter (NAME.md, NAME.md#part) goes to its page in the build.
      if (token.type === 'link' && /^[\w.-]+\.md(#.*)?$/.test(token.href)) {
        const [file, anchor] = token.href.split('#');
        token.href = (file === 'README.md' ? './' : pageName(file)) + (anchor ? `#${anchor}` : '');
      }
    },
  });
  // Headings get GitHub's anchors, so links written for GitHub work here too.
  marked.use({
    renderer: {
      heading({ tokens, depth, text }) {
        const id = text
          .toLowerCase()
          .replace(/<[^>]+>/g, '')
          .replace(/[^\p{L}\p{N}\s_-]/gu, '')
          .replace(/ /g, '-');
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  const files = chapters.map((chapter) => {
    const markdown = readFileSync(path.join(guideDir, chapter), 'utf8');
    const title = escapeHtml(titleOf(markdown));
    const body = marked.parse(markdown, { async: false });
    const source = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Attend</title>
<link rel="stylesheet" href="guide.css">
</head>
<body>
<header><a href="/dashboard">Attend</a><a href="./">Guide</a></header>
<main>
${body}</main>
</body>
</html>
`;
    return { fileName: `guide/${pageName(chapter)}`, source };
  });
  files.push({ fileName: 'guide/guide.css', source: `${STYLE}\n` });
  const imgDir = path.join(guideDir, 'img');
  if (existsSync(imgDir)) {
    for (const image of readdirSync(imgDir).filter((name) => /\.(png|jpe?g|webp|svg)$/.test(name))) {
      files.push({ fileName: `guide/img/${image}`, source: readFileSync(path.join(imgDir, image)) });
    }
  }
  return files;
}
