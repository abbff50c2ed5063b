#!/usr/bin/env python3
"""The translation catalogues are valid, complete and up to date.

  * po/POTFILES lists every source file with translatable strings (found
    by running xgettext over all of core/, frontend/, gimp-glue/, plugin/, ui/
    and cli/), and
    only files that exist;
  * po/LINGUAS and the po/*.po files name the same languages; each
    catalogue's header names its language and its plural forms;
  * every catalogue passes msgfmt --check --check-format
    --check-accelerators=_ and has no untranslated or fuzzy message;
  * every catalogue matches the sources: xgettext is run on POTFILES with
    po/meson.build's options into a temporary pot, msgcmp checks each .po
    against it (a new or changed string in the code fails here) and no
    catalogue keeps a message the code no longer has;
  * GIMP's conventions survive translation: a label ending in "…" still
    does, and printf placeholders are the same.

Fixing a failure: `meson compile -C BUILD tessera-pot tessera-update-po`,
then translate what is new (and remove the "fuzzy" marks) in po/*.po.

Usage: check-catalogues.py --srcdir DIR [--xgettext P --msgfmt P --msgcmp P]
                           -- XGETTEXT_ARGS...
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import polib

SOURCE_DIRS = ('core', 'frontend', 'gimp-glue', 'plugin', 'ui', 'cli')
PLURAL_FORMS = {
    'ru': 'nplurals=3;',
    'zh_CN': 'nplurals=1;',
    'ko': 'nplurals=1;',
    'de': 'nplurals=2;',
    'fr': 'nplurals=2;',
    'es': 'nplurals=2;',
}

failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def read_list(path):
    out = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if line:
                out += line.split()
    return out


def xgettext(args, srcdir, files, pot):
    """Extract FILES (relative to SRCDIR) into POT as the pot target does."""
    with tempfile.NamedTemporaryFile('w', suffix='.list', delete=False) as lst:
        lst.write('\n'.join(files) + '\n')
    try:
        r = run([args.xgettext, '--package-name=tessera', '-f', lst.name,
                 '-D', srcdir, '-k_', '-o', pot] + args.xgettext_args)
    finally:
        os.unlink(lst.name)
    if r.returncode != 0:
        fail('xgettext failed:\n' + r.stderr)
        return None
    return list(polib.pofile(pot)) if os.path.exists(pot) else []


def key(entry):
    return (entry.msgctxt, entry.msgid)


def msgstrs(entry):
    """Every translation of ENTRY: its plural forms in order, or its msgstr."""
    if entry.msgid_plural:
        return [entry.msgstr_plural[n] for n in sorted(entry.msgstr_plural)]
    return [entry.msgstr]


def check_potfiles(args, srcdir, potfiles, tmp):
    for f in potfiles:
        if not os.path.isfile(os.path.join(srcdir, f)):
            fail('po/POTFILES lists %s, which does not exist' % f)

    candidates = []
    for d in SOURCE_DIRS:
        for root, _, names in os.walk(os.path.join(srcdir, d)):
            for n in names:
                if n.endswith(('.c', '.h')):
                    candidates.append(os.path.relpath(os.path.join(root, n), srcdir))
    # One file at a time: which ones yield messages?
    for f in sorted(candidates):
        pot = os.path.join(tmp, 'one.pot')
        if os.path.exists(pot):
            os.unlink(pot)
        entries = xgettext(args, srcdir, [f], pot)
        if entries and any(e.msgid for e in entries) and f not in potfiles:
            fail('%s has translatable strings (%s) but is not in po/POTFILES'
                 % (f, ', '.join(repr(e.msgid) for e in entries if e.msgid)[:200]))


def check_catalogue(args, lang, po_path, ref_pot, ref_keys):
    name = os.path.relpath(po_path, args.srcdir)
    r = run([args.msgfmt, '--check', '--check-format', '--check-accelerators=_',
             '--statistics', '-o', os.devnull, po_path], env=dict(os.environ, LC_ALL='C'))
    if r.returncode != 0:
        fail('%s: msgfmt --check failed:\n%s' % (name, r.stderr))
    stats = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ''
    if re.search(r'fuzzy|untranslated', stats):
        fail('%s is incomplete: %s' % (name, stats))

    r = run([args.msgcmp, po_path, ref_pot], env=dict(os.environ, LC_ALL='C'))
    if r.returncode != 0:
        fail('%s does not match the sources (msgcmp against a fresh pot):\n%s'
             % (name, r.stderr.strip()))

    po = polib.pofile(po_path)
    entries = list(po)
    header = po.metadata
    if header.get('Language') != lang:
        fail('%s: Language header is %r, not %r' % (name, header.get('Language'), lang))
    plural = header.get('Plural-Forms', '')
    if not plural:
        fail('%s: no Plural-Forms header' % name)
    elif lang in PLURAL_FORMS and not plural.replace(' ', '').startswith(
            PLURAL_FORMS[lang].replace(' ', '')):
        fail('%s: Plural-Forms %r, expected %s...' % (name, plural, PLURAL_FORMS[lang]))
    if 'charset=UTF-8' not in header.get('Content-Type', ''):
        fail('%s: not UTF-8' % name)

    for e in entries:
        if not e.msgid or e.obsolete:
            continue
        if key(e) not in ref_keys:
            fail('%s: %r is no longer in the sources (run tessera-update-po)' % (name, e.msgid))
            continue
        if e.fuzzy:
            fail('%s: %r is fuzzy' % (name, e.msgid))
        for s in msgstrs(e):
            if not s:
                fail('%s: %r is untranslated' % (name, e.msgid))
                continue
            if e.msgid.endswith('…') and not s.endswith('…'):
                fail('%s: %r -> %r lost the ellipsis' % (name, e.msgid, s))
            if e.msgid.endswith('...') or s.endswith('...'):
                fail('%s: %r -> %r: GIMP writes "…", not "..."' % (name, e.msgid, s))
            if sorted(re.findall(r'%[-+ #0-9.]*[a-zA-Z%]', e.msgid)) != \
                    sorted(re.findall(r'%[-+ #0-9.]*[a-zA-Z%]', s)):
                fail('%s: %r -> %r: placeholders differ' % (name, e.msgid, s))
    n = sum(1 for e in entries if e.msgid and not e.obsolete)
    print('%s: %d messages; %s' % (name, n, stats))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--srcdir', required=True)
    ap.add_argument('--xgettext', default='xgettext')
    ap.add_argument('--msgfmt', default='msgfmt')
    ap.add_argument('--msgcmp', default='msgcmp')
    ap.add_argument('xgettext_args', nargs='*')
    args = ap.parse_args()
    srcdir = args.srcdir = os.path.abspath(args.srcdir)
    podir = os.path.join(srcdir, 'po')

    potfiles = read_list(os.path.join(podir, 'POTFILES'))
    linguas = read_list(os.path.join(podir, 'LINGUAS'))
    present = sorted(f[:-3] for f in os.listdir(podir) if f.endswith('.po'))
    for lang in linguas:
        if lang not in present:
            fail('po/LINGUAS names %s but po/%s.po does not exist' % (lang, lang))
    for lang in present:
        if lang not in linguas:
            fail('po/%s.po exists but po/LINGUAS does not name %s' % (lang, lang))
    if not linguas:
        fail('po/LINGUAS names no language')

    with tempfile.TemporaryDirectory() as tmp:
        check_potfiles(args, srcdir, potfiles, tmp)
        ref_pot = os.path.join(tmp, 'tessera.pot')
        ref = xgettext(args, srcdir, potfiles, ref_pot) or []
        ref_keys = {key(e) for e in ref if e.msgid}
        print('sources: %d messages in %d files' % (len(ref_keys), len(potfiles)))
        if not ref_keys:
            fail('xgettext found no message in po/POTFILES')
        # The core's tables are marked with N_(): they must be extracted.
        if not any('core/' in f for ref_e in ref if ref_e.msgid
                   for f, _ in ref_e.occurrences):
            fail("no message from core/ was extracted: is N_ among xgettext's keywords?")
        for lang in linguas:
            po = os.path.join(podir, lang + '.po')
            if os.path.exists(po):
                check_catalogue(args, lang, po, ref_pot, ref_keys)

    if failures:
        print('\n%d problem(s) with the catalogues' % len(failures))
        return 1
    print('all catalogues complete and up to date')
    return 0


if __name__ == '__main__':
    sys.exit(main())
