#!/usr/bin/env python3
"""Every relative link in README.md and docs/*.md resolves: the file exists
and, for FILE#anchor or #anchor, a heading of that file makes that anchor
(GitHub's rule: lower case, punctuation dropped, spaces to hyphens).
  doc-links.py SOURCE_ROOT"""
import glob, os, re, sys

root = sys.argv[1]
pages = [os.path.join(root, 'README.md')] + sorted(glob.glob(os.path.join(root, 'docs', '*.md')))

def anchors(path):
    seen, out = {}, set()
    fenced = False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'):
            fenced = not fenced
        if fenced or not line.startswith('#'):
            continue
        text = line.lstrip('#').strip()
        text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', text)
        slug = re.sub(r'[^\w\- ]', '', text.lower()).replace(' ', '-')
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f'{slug}-{n}')
    return out

link = re.compile(r'\]\(([^)\s]+)(?:\s+"[^"]*")?\)')
bad = 0
for page in pages:
    fenced = False
    for number, line in enumerate(open(page, encoding='utf-8'), 1):
        if line.startswith('```'):
            fenced = not fenced
        if fenced:
            continue
        for target in link.findall(line):
            if re.match(r'^[a-z]+:', target):      # http:, mailto: ... not ours to check
                continue
            path, _, anchor = target.partition('#')
            where = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            rel = os.path.relpath(page, root)
            if not os.path.exists(where):
                print(f'{rel}:{number}: {target}: no such file', file=sys.stderr)
                bad += 1
            elif anchor and (not where.endswith('.md') or anchor not in anchors(where)):
                print(f'{rel}:{number}: {target}: no heading makes #{anchor}', file=sys.stderr)
                bad += 1
if bad:
    print(f'{bad} link(s) in the docs do not resolve', file=sys.stderr)
    sys.exit(1)
print(f'{len(pages)} pages, every relative link resolves')
