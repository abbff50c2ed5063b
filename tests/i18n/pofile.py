"""A small reader for gettext .po/.pot files (what the i18n tests need)."""
import ast


class Entry:
    def __init__(self):
        self.msgctxt = None
        self.msgid = None
        self.msgid_plural = None
        self.msgstr = {}          # index -> text (0 for a singular message)
        self.flags = set()
        self.references = ''
        self.obsolete = False

    def key(self):
        return (self.msgctxt, self.msgid)

    @property
    def fuzzy(self):
        return 'fuzzy' in self.flags

    def msgstrs(self):
        return [self.msgstr[k] for k in sorted(self.msgstr)]

    def text(self, n=0):
        return self.msgstr.get(n, '')


def _string(token):
    # PO strings are C strings; Python's literal syntax reads them for what
    # .po files use (\" \\ \n \t and UTF-8 text).
    return ast.literal_eval(token)


def read(path):
    entries = []
    cur = Entry()
    field = None

    def flush():
        nonlocal cur, field
        if cur.msgid is not None:
            entries.append(cur)
        cur = Entry()
        field = None

    with open(path, encoding='utf-8') as f:
        for raw in f:
            line = raw.strip()
            obsolete = line.startswith('#~')
            if obsolete:
                line = line[2:].strip()
                if not line.startswith(('msg', '"')):
                    continue
            if not line:
                flush()
                continue
            if line.startswith('#'):
                if cur.msgid is not None and isinstance(field, tuple):
                    flush()
                if line.startswith('#,'):
                    cur.flags |= {x.strip() for x in line[2:].split(',')}
                elif line.startswith('#:'):
                    cur.references += line[2:].strip() + ' '
                continue
            if obsolete:
                cur.obsolete = True
            if line.startswith('"'):
                value = _string(line)
                if field == 'msgctxt':
                    cur.msgctxt += value
                elif field == 'msgid':
                    cur.msgid += value
                elif field == 'msgid_plural':
                    cur.msgid_plural += value
                elif field is not None:
                    cur.msgstr[field[1]] += value
                continue
            keyword, _, rest = line.partition(' ')
            if keyword == 'msgctxt':
                if cur.msgid is not None:
                    flush()
                cur.msgctxt = _string(rest)
                field = 'msgctxt'
            elif keyword == 'msgid':
                if cur.msgid is not None and isinstance(field, tuple):
                    flush()
                cur.msgid = _string(rest)
                field = 'msgid'
            elif keyword == 'msgid_plural':
                cur.msgid_plural = _string(rest)
                field = 'msgid_plural'
            elif keyword.startswith('msgstr'):
                n = int(keyword[7:-1]) if keyword.startswith('msgstr[') else 0
                cur.msgstr[n] = _string(rest)
                field = ('msgstr', n)
    flush()
    return entries


def header(entries):
    """The header entry's fields as a dict."""
    for e in entries:
        if e.msgid == '' and e.msgctxt is None:
            out = {}
            for line in e.text().split('\n'):
                k, sep, v = line.partition(':')
                if sep:
                    out[k.strip()] = v.strip()
            return out
    return {}


def lookup(entries, msgid, msgctxt=None):
    """The translation of MSGID, or None if the catalogue lacks it."""
    for e in entries:
        if e.msgid == msgid and e.msgctxt == msgctxt and not e.obsolete:
            return e.text()
    return None
