// npm run lint:links: every relative link and image in README.md, SECURITY.md and docs/**/*.md must
// name a file of the repository, and a link to a heading (file.md#heading, or #heading) a heading of
// that file, named as GitHub names its anchors. Links to other sites are not fetched (CI has no
// network to rely on). Prints each broken link as file:line and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The lines outside fenced code blocks, with inline code blanked (a link in code is not a link). */
function proseLines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
      return '';
    }
    if (opening) {
      fence = opening[1];
      return '';
    }
    return line.replace(/(`+)[^`]*?\1/g, (code) => ' '.repeat(code.length));
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats -1, -2. */
function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  let fence = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) fence = !fence;
    const heading = !fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(text) ?? 0;
    seen.set(text, count + 1);
    anchors.add(count === 0 ? text : `${text}-${count}`);
  }
  for (const match of readFileSync(file, 'utf8').matchAll(/<a\s+(?:name|id)="([^"]+)"/g))
    anchors.add(match[1]);
  return anchors;
}

const anchorCache = new Map();
function hasAnchor(file, anchor) {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(file));
  return anchorCache.get(file).has(decodeURIComponent(anchor).toLowerCase());
}

/** The targets of inline links and images, reference definitions and HTML src/href attributes. */
function targetsOf(line) {
  const targets = [];
  for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]);
  const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
  if (definition) targets.push(definition[1]);
  for (const m of line.matchAll(/\b(?:src|href)="([^"]+)"/g)) targets.push(m[1]);
  return targets;
}

export function checkFiles(files) {
  const broken = [];
  for (const file of files) {
    const lines = proseLines(readFileSync(file, 'utf8'));
    lines.forEach((line, index) => {
      for (const target of targetsOf(line)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, webcal:…
        const where = `${path.relative(root, file)}:${index + 1}`;
        const [rawPath, anchor] = target.split('#', 2);
        let resolved = file;
        if (rawPath) {
          const decoded = decodeURIComponent(rawPath.split('?')[0] ?? '');
          resolved = decoded.startsWith('/')
            ? path.join(root, decoded)
            : path.resolve(path.dirname(file), decoded);
          if (!existsSync(resolved)) {
            broken.push(`${where}: ${target} (no such file)`);
            continue;
          }
          if (statSync(resolved).isDirectory()) {
            const readme = path.join(resolved, 'README.md');
            if (anchor && existsSync(readme)) resolved = readme;
            else continue;
          }
        }
        if (anchor && resolved.endsWith('.md') && !hasAnchor(resolved, anchor)) {
          broken.push(`${where}: ${target} (no heading #${anchor})`);
        }
      }
    });
  }
  return broken;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2).map((f) => path.resolve(f));
  const files = given.length
    ? given
    : [
        path.join(root, 'README.md'),
        path.join(root, 'SECURITY.md'),
        ...markdownFiles(path.join(root, 'docs')),
      ].filter((f) => existsSync(f));
  const broken = checkFiles(files);
  if (broken.length) {
    console.error(`Broken links (${broken.length}):\n${broken.map((b) => `  ${b}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Links checked in ${files.length} files: none broken.`);
}
