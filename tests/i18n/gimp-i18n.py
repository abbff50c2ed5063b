#!/usr/bin/env python3
"""GIMP shows the plug-in translated.

A private profile gets the freshly built plug-in and, next to it, its
locale/ folder with the compiled catalogues (the plug-in's set_i18n looks
for plug-ins/tessera/locale beside its executable).  gimp-console-3 then
starts in LANGUAGE=LANG, registers the plug-in, and a Python-Fu batch
command asks the PDB for the procedure's menu label, blurb and help, the
"pattern" argument's label and blurb and one pattern's choice label.  Each
must equal its msgstr in po/LANG.po.  Nothing is copied here: a first run
in the C locale gives the English strings, which must be msgids of the
catalogue; then one run per language, in LANG, must show their msgstrs.
Every language is checked in one test so that GIMP starts once for the
English strings rather than once per language.

GIMP translates only in a real locale: with LC_ALL=C or C.UTF-8 gettext
ignores LANGUAGE.  If the system has no LL_CC.UTF-8 locale (Debian: the
locales-all package), a private LOCPATH holds a copy of C.UTF-8 under that
name: the same UTF-8 character data, but a locale gettext translates in.

Usage: gimp-i18n.py --gimp-console P --plugin P --mo-dir BUILD/po
                    --po-dir SRC/po --workdir DIR LANG...
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import polib

# What is compared, as the PDB reports it (keys of QUERY's result).
KEYS = ('menu-label', 'blurb', 'help', 'pattern-label', 'pattern-blurb', 'choice-label')
CHOICE = 'clouds'

COUNTRY = {'ru': 'ru_RU', 'zh_CN': 'zh_CN', 'ko': 'ko_KR', 'de': 'de_DE',
           'fr': 'fr_FR', 'es': 'es_ES', 'ja': 'ja_JP', 'it': 'it_IT',
           'pt_BR': 'pt_BR', 'uk': 'uk_UA', 'pl': 'pl_PL'}

# Runs inside GIMP (python-fu-eval): writes what the PDB says to OUT.
QUERY = r'''
import json
from gi.repository import Gimp
proc = Gimp.get_pdb().lookup_procedure('plug-in-tessera')
res = {'found': proc is not None}
if proc is not None:
    arg = proc.find_argument('pattern')
    res.update({'menu-label': proc.get_menu_label(), 'blurb': proc.get_blurb(),
                'help': proc.get_help(), 'menu-paths': list(proc.get_menu_paths()),
                'pattern-label': arg.get_nick(), 'pattern-blurb': arg.get_blurb()})
    try:
        res['choice-label'] = Gimp.param_spec_choice_get_choice(arg).get_label(%(choice)r)
    except Exception as e:
        res['choice-error'] = str(e)
with open(%(out)r, 'w', encoding='utf-8') as f:
    json.dump(res, f, ensure_ascii=False)
'''


def system_locale(name):
    """NAME.UTF-8 if the system has it (locale -a), else None."""
    try:
        out = subprocess.run(['locale', '-a'], capture_output=True, text=True).stdout
    except OSError:
        return None
    have = {l.strip().lower().replace('-', '') for l in out.split()}
    return name + '.UTF-8' if (name + '.utf8').lower() in have else None


def c_utf8_dir():
    for d in ('/usr/lib/locale/C.utf8', '/usr/lib/locale/C.UTF-8'):
        if os.path.isdir(d):
            return d
    return None


def gimp_profile_dir(args, home):
    """GIMP's user folder under HOME, as the GIMP under test names it
    (GIMP/3.0, GIMP/3.2, ...): asked, never guessed."""
    env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'), 'HOME': home, 'LC_ALL': 'C.UTF-8'}
    cmd = [args.gimp_console, '-i', '--batch-interpreter=python-fu-eval',
           '-b', 'print("TSR-PROFILE", Gimp.directory())', '--quit']
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=400)
    for line in (r.stdout + r.stderr).splitlines():
        if line.startswith('TSR-PROFILE ') and line[12:].startswith(home + os.sep):
            return line[12:]
    raise SystemExit('FAIL: GIMP did not name its user folder inside %s:\n%s%s'
                     % (home, r.stdout, r.stderr))


def make_profile(work, args, profile):
    """A private HOME with the plug-in and its locale/ folder; PROFILE is
    GIMP's user folder relative to HOME."""
    home = os.path.join(work, 'home')
    os.makedirs(home)
    plugdir = os.path.join(home, profile, 'plug-ins', 'tessera')
    os.makedirs(plugdir)
    shutil.copy2(args.plugin, os.path.join(plugdir, 'tessera'))
    for l in sorted(os.listdir(args.mo_dir)):
        mo = os.path.join(args.mo_dir, l, 'LC_MESSAGES', 'tessera.mo')
        if os.path.isfile(mo):
            dest = os.path.join(plugdir, 'locale', l, 'LC_MESSAGES')
            os.makedirs(dest, exist_ok=True)
            shutil.copy2(mo, dest)
    return home


def locale_env(work, lang):
    """LC_ALL (and LOCPATH if needed) for a locale gettext translates LANG in."""
    name = COUNTRY.get(lang, lang)
    have = system_locale(name)
    if have is not None:
        print('locale %s: the system\'s' % have)
        return {'LC_ALL': have}
    src = c_utf8_dir()
    if src is None:
        return None
    locpath = os.path.join(work, 'locale')
    shutil.copytree(src, os.path.join(locpath, name + '.UTF-8'))
    print('locale %s.UTF-8: C.UTF-8 stands in (the system has no such locale; '
          'Debian: locales-all)' % name)
    return {'LC_ALL': name + '.UTF-8', 'LOCPATH': locpath}


def query_gimp(args, work, profile, extra_env):
    """Start GIMP on a fresh profile; return what the PDB says, or None."""
    os.makedirs(work)
    home = make_profile(work, args, profile)
    env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'), 'HOME': home, 'TMPDIR': work}
    env.update(extra_env)
    out = os.path.join(work, 'pdb.json')
    cmd = [args.gimp_console, '-i', '--batch-interpreter=python-fu-eval',
           '-b', QUERY % {'out': out, 'choice': CHOICE}, '--quit']
    try:
        r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=400)
    except subprocess.TimeoutExpired:
        print('FAIL: %s did not finish in 120 s' % args.gimp_console)
        return None
    if not os.path.exists(out):
        print(r.stdout + r.stderr)
        print('FAIL: the batch command wrote nothing (exit %d)' % r.returncode)
        return None
    with open(out, encoding='utf-8') as f:
        got = json.load(f)
    if not got.get('found'):
        print(r.stdout + r.stderr)
        print('FAIL: GIMP has no plug-in-tessera: the plug-in was not registered')
        return None
    got['log'] = r.stdout + r.stderr
    return got


def translation(catalogue, msgid):
    """MSGID's translation (without context; the first plural form), or None."""
    e = catalogue.find(msgid, msgctxt=None)
    if e is None:
        return None
    return e.msgstr_plural.get(0, '') if e.msgid_plural else e.msgstr


def check_language(args, work, profile, english, lang):
    """0 when GIMP shows LANG's msgstrs for ENGLISH's strings, 77 when no
    locale can translate LANG, else 1."""
    catalogue = polib.pofile(os.path.join(args.po_dir, lang + '.po'))
    if not os.path.isfile(os.path.join(args.mo_dir, lang, 'LC_MESSAGES', 'tessera.mo')):
        print('FAIL: no compiled catalogue for %s in %s' % (lang, args.mo_dir))
        return 1
    os.makedirs(work)
    loc = locale_env(work, lang)
    if loc is None:
        print('SKIP %s: no locale to translate in (no %s.UTF-8, no C.UTF-8)'
              % (lang, COUNTRY.get(lang, lang)))
        return 77
    translated = query_gimp(args, os.path.join(work, 'gimp'), profile,
                            dict(loc, LANGUAGE=lang))
    if translated is None:
        return 1

    bad = 0
    for key in KEYS:
        msgid = english.get(key)
        msgstr = translation(catalogue, msgid) if msgid else None
        value = translated.get(key)
        if not msgid:
            bad += 1
            print('FAIL %-14s GIMP reports nothing in English (%s)'
                  % (key, english.get('choice-error', '')))
        elif not msgstr or msgstr == msgid:
            bad += 1
            print('FAIL %-14s po/%s.po does not translate %r' % (key, lang, msgid))
        elif value != msgstr:
            bad += 1
            print('FAIL %-14s GIMP shows %r\n     %-14s po/%s.po has  %r (msgid %r)'
                  % (key, value, '', lang, msgstr, msgid))
        else:
            print('ok   %-14s %r -> %r' % (key, msgid, value))
    if english.get('menu-paths') != translated.get('menu-paths'):
        bad += 1
        print('FAIL menu paths differ: %r / %r'
              % (english.get('menu-paths'), translated.get('menu-paths')))
    if bad:
        print(translated['log'])
        print('%d string(s) not shown translated by GIMP (LANGUAGE=%s); files kept in %s'
              % (bad, lang, work))
        return 1
    print('GIMP shows the plug-in in %s' % lang)
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--gimp-console', required=True)
    ap.add_argument('--plugin', required=True)
    ap.add_argument('--mo-dir', required=True)
    ap.add_argument('--po-dir', required=True)
    ap.add_argument('--workdir', required=True)
    ap.add_argument('langs', nargs='+')
    args = ap.parse_args()

    os.makedirs(args.workdir, exist_ok=True)
    work = tempfile.mkdtemp(prefix='gimp-i18n-', dir=args.workdir)
    probe = os.path.join(work, 'probe')
    os.makedirs(probe)
    profile = os.path.relpath(gimp_profile_dir(args, probe), probe)

    # English: in the C locale gettext translates nothing.
    english = query_gimp(args, os.path.join(work, 'C'), profile, {'LC_ALL': 'C.UTF-8'})
    if english is None:
        return 1
    results = {}
    for lang in args.langs:
        print('---- %s' % lang)
        results[lang] = check_language(args, os.path.join(work, lang), profile, english, lang)
    failed = [l for l, r in results.items() if r == 1]
    if failed:
        print('GIMP does not show the plug-in translated in: %s' % ' '.join(failed))
        return 1
    shutil.rmtree(work, ignore_errors=True)
    if all(r == 77 for r in results.values()):
        return 77
    return 0


if __name__ == '__main__':
    sys.exit(main())
