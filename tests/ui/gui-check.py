#!/usr/bin/env python3
"""Image checks for tests/ui/gui-test.sh (reads images through ImageMagick).

  gui-check.py same A B
      exit 0 when A and B have the same size and pixels.
  gui-check.py preview-region BEFORE AFTER
      prints "x y w h": the largest connected region that changed between
      two screenshots of the dialog (the preview), when it is at least
      96 x 96 pixels, mostly changed, and not flat in either shot.
  gui-check.py rendered BEFORE AFTER FR FG FB BR BG BB
      the layer (AFTER) differs from BEFORE almost everywhere, is not flat,
      and every pixel lies between the foreground and background colours.
  gui-check.py preview-matches SHOT X Y W H EXPORT
      the preview region of SHOT shows EXPORT's pixels: EXPORT is found
      within a few pixels of (X, Y) with every channel within 2 levels.
  gui-check.py fit-matches SHOT X Y W H EXPORT
      the preview area (X, Y, W, H) of SHOT shows the whole of EXPORT
      scaled to fit, nearest neighbour at pixel centres as the plug-in's
      whole-tile view draws it (frontend/tiled-preview.h), centred: at
      least 99.5 % of its pixels within 2 levels.
"""
import subprocess
import sys


def load(path):
    size = subprocess.run(["identify", "-format", "%w %h", path + "[0]"],
                          check=True, capture_output=True, text=True).stdout.split()
    w, h = int(size[0]), int(size[1])
    raw = subprocess.run(["convert", path + "[0]", "-alpha", "off", "-depth", "8",
                          "rgb:-"], check=True, capture_output=True).stdout
    assert len(raw) == w * h * 3, (path, len(raw), w, h)
    return w, h, raw


def px(img, x, y):
    w, _, raw = img
    i = (y * w + x) * 3
    return raw[i], raw[i + 1], raw[i + 2]


def stddev(img, x0, y0, w, h):
    n = 0
    s = 0.0
    s2 = 0.0
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            v = sum(px(img, x, y)) / 3.0
            s += v
            s2 += v * v
            n += 1
    mean = s / n
    return max(0.0, s2 / n - mean * mean) ** 0.5


def same(a, b):
    a, b = load(a), load(b)
    return a == b


def preview_region(before, after):
    a, b = load(before), load(after)
    if a[:2] != b[:2]:
        print("the window changed size")
        return False
    w, h = a[0], a[1]
    # Changed pixels, on a grid of 4 x 4 blocks (a block counts when most
    # of its pixels changed: text that moves does not join regions).
    B = 4
    gw, gh = w // B, h // B
    grid = [[False] * gw for _ in range(gh)]
    for gy in range(gh):
        for gx in range(gw):
            changed = 0
            for y in range(gy * B, gy * B + B):
                for x in range(gx * B, gx * B + B):
                    if px(a, x, y) != px(b, x, y):
                        changed += 1
            grid[gy][gx] = changed >= B * B // 2
    seen = [[False] * gw for _ in range(gh)]
    best = None
    for gy in range(gh):
        for gx in range(gw):
            if not grid[gy][gx] or seen[gy][gx]:
                continue
            stack = [(gx, gy)]
            seen[gy][gx] = True
            n, x0, y0, x1, y1 = 0, gx, gy, gx, gy
            while stack:
                cx, cy = stack.pop()
                n += 1
                x0, y0, x1, y1 = min(x0, cx), min(y0, cy), max(x1, cx), max(y1, cy)
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < gw and 0 <= ny < gh and grid[ny][nx] and not seen[ny][nx]:
                        seen[ny][nx] = True
                        stack.append((nx, ny))
            if best is None or n > best[0]:
                best = (n, x0, y0, x1, y1)
    if best is None:
        print("nothing changed")
        return False
    n, x0, y0, x1, y1 = best
    rx, ry, rw, rh = x0 * B, y0 * B, (x1 - x0 + 1) * B, (y1 - y0 + 1) * B
    fill = n / float((x1 - x0 + 1) * (y1 - y0 + 1))
    sa, sb = stddev(a, rx, ry, rw, rh), stddev(b, rx, ry, rw, rh)
    if rw < 96 or rh < 96 or fill < 0.5 or sa < 4 or sb < 4:
        print("region %d %d %d %d: %.0f%% changed, contrast %.1f / %.1f: not a preview"
              % (rx, ry, rw, rh, fill * 100, sa, sb))
        return False
    print("%d %d %d %d" % (rx, ry, rw, rh))
    return True


def between(v, lo, hi, slack=2):
    return min(lo, hi) - slack <= v <= max(lo, hi) + slack


def rendered(before, after, fg, bg):
    a, b = load(before), load(after)
    if a[:2] != b[:2]:
        print("the image changed size")
        return False
    w, h = a[0], a[1]
    changed = sum(1 for y in range(h) for x in range(w) if px(a, x, y) != px(b, x, y))
    sd = stddev(b, 0, 0, w, h)
    outside = 0
    for y in range(h):
        for x in range(w):
            p = px(b, x, y)
            if not all(between(p[c], fg[c], bg[c]) for c in range(3)):
                outside += 1
    print("layer: %.1f%% of pixels changed, contrast %.1f, %d pixels outside "
          "the foreground-background range" % (100.0 * changed / (w * h), sd, outside))
    return changed > 0.9 * w * h and sd > 4 and outside == 0


def preview_matches(shot, rx, ry, rw, rh, export):
    s, e = load(shot), load(export)
    ew, eh = e[0], e[1]
    best = None
    for dy in range(-8, 9):
        for dx in range(-8, 9):
            ox, oy = rx + dx, ry + dy
            if ox < 0 or oy < 0 or ox + ew > s[0] or oy + eh > s[1]:
                continue
            worst = 0
            for y in range(0, eh, 7):          # a sparse first look
                for x in range(0, ew, 7):
                    p, q = px(s, ox + x, oy + y), px(e, x, y)
                    worst = max(worst, max(abs(p[c] - q[c]) for c in range(3)))
                    if worst > 8:
                        break
                if worst > 8:
                    break
            if best is None or worst < best[0]:
                best = (worst, ox, oy)
    if best is None or best[0] > 8:
        print("the exported layer is not in the preview near %d,%d" % (rx, ry))
        return False
    _, ox, oy = best
    worst = 0
    for y in range(eh):
        for x in range(ew):
            p, q = px(s, ox + x, oy + y), px(e, x, y)
            worst = max(worst, max(abs(p[c] - q[c]) for c in range(3)))
    print("the preview at %d,%d shows the exported %dx%d layer: largest difference "
          "%d levels" % (ox, oy, ew, eh, worst))
    return worst <= 2


def tiled_source(i, cell, period):
    return min(max((2 * i + 1) * period // (2 * cell), 0), period - 1)


def fit_matches(shot, rx, ry, rw, rh, export):
    s, e = load(shot), load(export)
    ew, eh = e[0], e[1]
    scale = min(rw / float(ew), rh / float(eh))
    cw = rw if rw / float(ew) <= rh / float(eh) else int(ew * scale)
    ch = rh if rh / float(eh) <= rw / float(ew) else int(eh * scale)
    x0, y0 = (rw - cw) // 2, (rh - ch) // 2
    xs = [tiled_source(i, cw, ew) for i in range(cw)]
    ys = [tiled_source(j, ch, eh) for j in range(ch)]

    def compare(ox, oy, step):
        n = good = 0
        for j in range(0, ch, step):
            for i in range(0, cw, step):
                if not (0 <= ox + i < s[0] and 0 <= oy + j < s[1]):
                    continue
                p, q = px(s, ox + i, oy + j), px(e, xs[i], ys[j])
                n += 1
                good += max(abs(p[c] - q[c]) for c in range(3)) <= 2
        return good / float(max(n, 1))

    best = max(((compare(rx + x0 + dx, ry + y0 + dy, 5), dx, dy)
                for dy in range(-4, 5) for dx in range(-4, 5)))
    _, dx, dy = best
    share = compare(rx + x0 + dx, ry + y0 + dy, 1)
    print("the preview at %d,%d shows the %dx%d layer in %dx%d: %.2f%% of pixels "
          "within 2 levels" % (rx + x0 + dx, ry + y0 + dy, ew, eh, cw, ch, 100 * share))
    return share >= 0.995


def main(argv):
    cmd = argv[1]
    if cmd == "same":
        ok = same(argv[2], argv[3])
    elif cmd == "preview-region":
        ok = preview_region(argv[2], argv[3])
    elif cmd == "rendered":
        v = [int(x) for x in argv[4:10]]
        ok = rendered(argv[2], argv[3], v[0:3], v[3:6])
    elif cmd == "preview-matches":
        ok = preview_matches(argv[2], *[int(x) for x in argv[3:7]], argv[7])
    elif cmd == "fit-matches":
        ok = fit_matches(argv[2], *[int(x) for x in argv[3:7]], argv[7])
    else:
        print(__doc__)
        return 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
