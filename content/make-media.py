#!/usr/bin/env python3
"""Draws the demo municipality's pictures and renders its three short videos.

Nothing is downloaded: every picture is a drawn scene (SVG shapes over an
ImageMagick gradient) saved in a phone and a desktop width as WebP and as AVIF
(avifenc, from libavif), and every video is an ffmpeg-generated scene with a
poster and small thumbnails taken from its first frame. Run from the repository root:

    python3 content/make-media.py

A municipality adopting the site replaces content/media/ with its own files and
keeps the same names, or edits the paths in the content files.
"""

import os
import random
import subprocess
import tempfile

MEDIA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'media')
FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'


def shape(tag, **attrs):
    parts = ' '.join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<{tag} stroke="none" {parts}/>'


def mountains(rng, w, h, base, color, peaks=4):
    points = [f'0,{h}', f'0,{base}']
    step = w / peaks
    for i in range(peaks):
        points.append(f'{i * step + step / 2:.0f},{base - rng.uniform(0.15, 0.35) * h:.0f}')
        points.append(f'{(i + 1) * step:.0f},{base - rng.uniform(0, 0.08) * h:.0f}')
    points.append(f'{w},{h}')
    return shape('polygon', points=' '.join(points), fill=color)


def hills(w, h, y, color):
    return shape('path', d=f'M0 {y} Q {w / 4} {y - h * 0.08} {w / 2} {y} T {w} {y} L{w} {h} L0 {h}Z', fill=color)


def sun(rng, w, h):
    return shape('circle', cx=f'{rng.uniform(0.6, 0.9) * w:.0f}', cy=f'{0.2 * h:.0f}', r=f'{0.07 * h:.0f}', fill='#fff4c2')


def church(x, y, s):
    return ''.join([
        shape('rect', x=x, y=y, width=2 * s, height=1.4 * s, fill='#f3ead8'),
        shape('polygon', points=f'{x - 0.1 * s},{y} {x + s},{y - 0.7 * s} {x + 2.1 * s},{y}', fill='#9c3b2e'),
        shape('rect', x=x + 0.75 * s, y=y - 1.6 * s, width=0.5 * s, height=1.0 * s, fill='#f3ead8'),
        shape('rect', x=x + 0.92 * s, y=y - 1.95 * s, width=0.16 * s, height=0.4 * s, fill='#5b4636'),
        shape('rect', x=x + 0.8 * s, y=y + 0.7 * s, width=0.4 * s, height=0.7 * s, fill='#5b4636'),
    ])


def hall(x, y, s):
    columns = ''.join(shape('rect', x=x + 0.2 * s + i * 0.5 * s, y=y + 0.3 * s, width=0.18 * s, height=0.9 * s, fill='#ffffff') for i in range(6))
    return ''.join([
        shape('rect', x=x, y=y, width=3.2 * s, height=1.3 * s, fill='#e6e9ee'),
        shape('polygon', points=f'{x - 0.2 * s},{y} {x + 1.6 * s},{y - 0.6 * s} {x + 3.4 * s},{y}', fill='#0b4f8a'),
        columns,
        shape('rect', x=x - 0.3 * s, y=y + 1.2 * s, width=3.8 * s, height=0.15 * s, fill='#b8bec8'),
    ])


def water(w, h, y, color):
    waves = ''.join(shape('path', d=f'M{x} {y + 20 + (x % 3) * 14} q 20 -8 40 0', fill='none') for x in range(0, int(w), 90))
    return shape('rect', x=0, y=y, width=w, height=h - y, fill=color) + waves


def falls(w, h):
    x = w * 0.42
    return ''.join([
        shape('polygon', points=f'{x - 120},{h * 0.25} {x + 220},{h * 0.25} {x + 260},{h} {x - 160},{h}', fill='#5d6b5a'),
        shape('rect', x=x, y=h * 0.25, width=100, height=h * 0.6, fill='#dff3ff'),
        shape('ellipse', cx=x + 50, cy=h * 0.86, rx=190, ry=40, fill='#7cc6e6'),
    ])


def trees(rng, w, h, y, count=7):
    out = []
    for _ in range(count):
        x = rng.uniform(0, w)
        s = rng.uniform(0.05, 0.09) * h
        out.append(shape('rect', x=f'{x - s * 0.1:.0f}', y=f'{y - s * 0.2:.0f}', width=f'{s * 0.2:.0f}', height=f'{s:.0f}', fill='#5b4636'))
        out.append(shape('circle', cx=f'{x:.0f}', cy=f'{y - s * 0.4:.0f}', r=f'{s * 0.6:.0f}', fill=rng.choice(['#2f7d32', '#3f8f3a', '#256b2b'])))
    return ''.join(out)


def palm_beach(rng, w, h):
    return water(w, h, h * 0.55, '#2f8fc0') + shape('path', d=f'M0 {h * 0.8} Q {w / 2} {h * 0.7} {w} {h * 0.85} L{w} {h} L0 {h}Z', fill='#f1d9a0') + trees(rng, w, h, h * 0.8, 3)


def crowd(rng, w, h):
    out = []
    for i in range(18):
        x = rng.uniform(0, w)
        color = rng.choice(['#e63946', '#f4a261', '#2a9d8f', '#e9c46a', '#8e44ad'])
        out.append(shape('circle', cx=f'{x:.0f}', cy=f'{h * 0.72:.0f}', r=f'{h * 0.04:.0f}', fill='#8d5524'))
        out.append(shape('rect', x=f'{x - h * 0.05:.0f}', y=f'{h * 0.76:.0f}', width=f'{h * 0.1:.0f}', height=f'{h * 0.24:.0f}', fill=color))
    flags = ''.join(shape('polygon', points=f'{x},{h * 0.1} {x + 30},{h * 0.1} {x + 15},{h * 0.18}', fill=rng.choice(['#e63946', '#f1c40f', '#2a9d8f'])) for x in range(0, int(w), 50))
    return shape('rect', x=0, y=h * 0.1 - 2, width=w, height=3, fill='#444') + flags + ''.join(out)


def wheels(x, y, h, *offsets, r=0.08):
    return ''.join(shape('circle', cx=f'{x + dx:.0f}', cy=f'{y:.0f}', r=f'{h * r:.0f}', fill='#222') for dx in offsets)


def vehicle(w, h, kind, index):
    """One drawing per photo of the lots, matching its alternative text."""
    x, y = w * 0.18, h * 0.42
    body = {'heavy': '#f2b632', 'farm': '#2e8b57'}.get(kind, '#ecf0f1')
    glass = '#bcd7e6'
    if kind == 'heavy' and index == 1:  # road grader
        return ''.join([shape('rect', x=x, y=y + h * 0.08, width=w * 0.55, height=h * 0.1, fill=body),
                        shape('rect', x=x + w * 0.42, y=y - h * 0.1, width=w * 0.13, height=h * 0.2, fill=body),
                        shape('rect', x=x + w * 0.44, y=y - h * 0.07, width=w * 0.09, height=h * 0.08, fill=glass),
                        shape('rect', x=x + w * 0.15, y=y + h * 0.22, width=w * 0.18, height=h * 0.03, fill='#555'),
                        wheels(x, y + h * 0.26, h, w * 0.05, w * 0.45, w * 0.52)])
    if kind == 'heavy' and index == 2:  # backhoe loader
        return ''.join([shape('rect', x=x + w * 0.1, y=y, width=w * 0.35, height=h * 0.2, fill=body),
                        shape('rect', x=x + w * 0.28, y=y - h * 0.16, width=w * 0.14, height=h * 0.17, fill=body),
                        shape('rect', x=x + w * 0.3, y=y - h * 0.13, width=w * 0.1, height=h * 0.09, fill=glass),
                        shape('polygon', points=f'{x + w * 0.45},{y + h * 0.02} {x + w * 0.62},{y - h * 0.2} {x + w * 0.65},{y - h * 0.17} {x + w * 0.48},{y + h * 0.07}', fill=body),
                        shape('polygon', points=f'{x + w * 0.62},{y - h * 0.2} {x + w * 0.7},{y + h * 0.1} {x + w * 0.66},{y + h * 0.12} {x + w * 0.6},{y - h * 0.12}', fill=body),
                        shape('polygon', points=f'{x + w * 0.1},{y + h * 0.05} {x - w * 0.02},{y + h * 0.12} {x + w * 0.02},{y + h * 0.25} {x + w * 0.1},{y + h * 0.18}', fill='#555'),
                        wheels(x, y + h * 0.26, h, w * 0.17, w * 0.38, r=0.1)])
    if kind == 'heavy':  # dump truck with a rusted bed
        return ''.join([shape('polygon', points=f'{x},{y + h * 0.2} {x + w * 0.38},{y + h * 0.2} {x + w * 0.38},{y - h * 0.02} {x - w * 0.02},{y - h * 0.1}', fill='#8e5a2b'),
                        shape('rect', x=x + w * 0.4, y=y - h * 0.05, width=w * 0.15, height=h * 0.25, fill=body),
                        shape('rect', x=x + w * 0.42, y=y - h * 0.02, width=w * 0.1, height=h * 0.08, fill=glass),
                        wheels(x, y + h * 0.26, h, w * 0.06, w * 0.16, w * 0.48)])
    if kind == 'vehicle' and index == 1:  # red pick-up
        return ''.join([shape('rect', x=x, y=y + h * 0.06, width=w * 0.55, height=h * 0.14, fill='#c0392b'),
                        shape('polygon', points=f'{x + w * 0.28},{y + h * 0.06} {x + w * 0.32},{y - h * 0.1} {x + w * 0.46},{y - h * 0.1} {x + w * 0.52},{y + h * 0.06}', fill='#c0392b'),
                        shape('polygon', points=f'{x + w * 0.33},{y + h * 0.04} {x + w * 0.35},{y - h * 0.07} {x + w * 0.45},{y - h * 0.07} {x + w * 0.49},{y + h * 0.04}', fill='#9fb7c4'),
                        shape('path', d=f'M{x + w * 0.4} {y - h * 0.06} l 30 40 l -20 10 l 35 25', fill='none'),
                        wheels(x, y + h * 0.22, h, w * 0.1, w * 0.45)])
    if kind == 'vehicle':  # van or ambulance
        parts = [shape('rect', x=x, y=y - h * 0.12, width=w * 0.55, height=h * 0.32, fill='#ecf0f1' if index == 2 else '#f8f9f9', rx=20),
                 shape('rect', x=x + w * 0.44, y=y - h * 0.08, width=w * 0.09, height=h * 0.1, fill=glass),
                 wheels(x, y + h * 0.22, h, w * 0.1, w * 0.45)]
        if index == 3:
            cx, cy = x + w * 0.2, y + h * 0.03
            parts += [shape('rect', x=cx - 15, y=cy - 45, width=30, height=90, fill='#c0392b'),
                      shape('rect', x=cx - 45, y=cy - 15, width=90, height=30, fill='#c0392b'),
                      shape('rect', x=x, y=y + h * 0.12, width=w * 0.55, height=h * 0.03, fill='#c0392b')]
        return ''.join(parts)
    if index == 1:  # hand tractor
        return ''.join([shape('rect', x=x + w * 0.25, y=y + h * 0.02, width=w * 0.14, height=h * 0.12, fill=body),
                        shape('path', d=f'M{x + w * 0.38} {y + h * 0.05} L{x + w * 0.62} {y - h * 0.12}', fill='none'),
                        shape('rect', x=x + w * 0.37, y=y - h * 0.02, width=w * 0.25, height=h * 0.025, fill='#333', transform=f'rotate(-35 {x + w * 0.37} {y})'),
                        shape('rect', x=x + w * 0.05, y=y + h * 0.18, width=w * 0.18, height=h * 0.05, fill='#555', transform=f'rotate(12 {x + w * 0.05} {y + h * 0.18})'),
                        wheels(x, y + h * 0.2, h, w * 0.3, r=0.12)])
    return ''.join([shape('rect', x=x, y=y - h * 0.05, width=w * 0.45, height=h * 0.25, fill=body),  # thresher
                    shape('polygon', points=f'{x + w * 0.05},{y - h * 0.05} {x + w * 0.12},{y - h * 0.2} {x + w * 0.25},{y - h * 0.2} {x + w * 0.2},{y - h * 0.05}', fill='#1e6b40'),
                    shape('circle', cx=x + w * 0.3, cy=y + h * 0.07, r=h * 0.08, fill='#1e6b40'),
                    wheels(x, y + h * 0.24, h, w * 0.08, w * 0.38)])


def machine(rng, w, h, kind, index):
    """Equipment and items offered for bidding, drawn as simple silhouettes on a yard."""
    ground = shape('rect', x=0, y=h * 0.7, width=w, height=h * 0.3, fill='#9a8f7a')
    if kind in ('heavy', 'vehicle', 'farm'):
        return ground + vehicle(w, h, kind, index)
    body_color = {'junk': '#7f8c8d', 'waste': '#6d5d4b'}[kind]
    pile = []
    for _ in range(26):
        px, py = rng.uniform(w * 0.15, w * 0.85), rng.uniform(h * 0.5, h * 0.75)
        pile.append(shape('rect', x=f'{px:.0f}', y=f'{py:.0f}', width=f'{rng.uniform(30, 90):.0f}', height=f'{rng.uniform(12, 40):.0f}', fill=rng.choice(['#7f8c8d', '#95a5a6', '#8e6e53', '#5d6d7e', body_color]), transform=f'rotate({rng.uniform(-30, 30):.0f} {px:.0f} {py:.0f})'))
    return ground + ''.join(pile)


def portrait(rng, w, h):
    skin = rng.choice(['#8d5524', '#a0662f', '#c68642', '#b5784a'])
    shirt = rng.choice(['#0b4f8a', '#ffffff', '#2c3e50', '#7b241c', '#f5f0e1'])
    hair = rng.choice(['#1b1b1b', '#2e2019', '#3b2a20'])
    return ''.join([
        shape('ellipse', cx=w / 2, cy=h * 1.02, rx=w * 0.38, ry=h * 0.32, fill=shirt),
        shape('rect', x=w * 0.44, y=h * 0.55, width=w * 0.12, height=h * 0.16, fill=skin),
        shape('ellipse', cx=w / 2, cy=h * 0.42, rx=w * 0.17, ry=h * 0.21, fill=skin),
        shape('path', d=f'M{w * 0.32} {h * 0.4} Q {w / 2} {h * 0.1} {w * 0.68} {h * 0.4} Q {w / 2} {h * 0.26} {w * 0.32} {h * 0.4}Z', fill=hair),
    ])


def medal(rng, w, h, rank):
    cx, cy = w / 2, h * 0.56
    return ''.join([
        shape('polygon', points=f'{cx - 70},0 {cx - 10},0 {cx + 20},{cy - 60} {cx - 20},{cy - 60}', fill='#c0392b'),
        shape('polygon', points=f'{cx + 70},0 {cx + 10},0 {cx - 20},{cy - 60} {cx + 20},{cy - 60}', fill='#0b4f8a'),
        shape('circle', cx=cx, cy=cy, r=h * 0.3, fill='#d4a017'),
        shape('circle', cx=cx, cy=cy, r=h * 0.23, fill='#f2c94c'),
        f'<text x="{cx}" y="{cy + h * 0.08}" font-family="DejaVu Sans" font-weight="bold" font-size="{h * 0.22:.0f}" text-anchor="middle" fill="#7a5a00" stroke="none">{rank}</text>',
    ])


def landscape(rng, w, h, feature):
    parts = [sun(rng, w, h), mountains(rng, w, h, h * 0.65, '#3d6f55'), mountains(rng, w, h, h * 0.75, '#2f5e3f', 6)]
    if feature == 'falls':
        parts.append(falls(w, h))
    elif feature == 'beach':
        parts.append(palm_beach(rng, w, h))
    elif feature == 'river':
        parts.append(hills(w, h, h * 0.8, '#5aa04a'))
        parts.append(shape('path', d=f'M{w * 0.3} {h} Q {w * 0.5} {h * 0.85} {w * 0.45} {h * 0.76} L{w * 0.55} {h * 0.76} Q {w * 0.62} {h * 0.88} {w * 0.6} {h}Z', fill='#5dade2'))
    elif feature == 'church':
        parts.append(hills(w, h, h * 0.82, '#6aa84f'))
        parts.append(church(w * 0.4, h * 0.5, h * 0.22))
    elif feature == 'hall':
        parts.append(hills(w, h, h * 0.85, '#6aa84f'))
        parts.append(hall(w * 0.32, h * 0.52, h * 0.25))
    elif feature == 'fields':
        for i in range(5):
            parts.append(shape('rect', x=0, y=h * (0.72 + i * 0.06), width=w, height=h * 0.06, fill=['#7cb342', '#9ccc65', '#689f38', '#aed581', '#558b2f'][i]))
    elif feature == 'festival':
        parts.append(hills(w, h, h * 0.85, '#6aa84f'))
        parts.append(crowd(rng, w, h))
    elif feature == 'cave':
        parts.append(hills(w, h, h * 0.8, '#6d8b5a'))
        parts.append(shape('ellipse', cx=w * 0.5, cy=h * 0.82, rx=w * 0.12, ry=h * 0.14, fill='#1f1f1f'))
    elif feature == 'pool':
        parts.append(hills(w, h, h * 0.7, '#6aa84f'))
        parts.append(shape('rect', x=w * 0.15, y=h * 0.76, width=w * 0.7, height=h * 0.18, fill='#4fc3f7', rx=30))
        parts.append(shape('path', d=f'M{w * 0.2} {h * 0.3} Q {w * 0.35} {h * 0.1} {w * 0.45} {h * 0.76}', fill='none'))
    parts.append(trees(rng, w, h, h * 0.86, 5 if feature != 'fields' else 3))
    return ''.join(parts)


SKIES = [('#3a7bd5', '#ffd89b'), ('#1e5799', '#7db9e8'), ('#f46b45', '#eea849'), ('#2b5876', '#c9d6ff'), ('#56ccf2', '#e0f7fa')]


def psnr(reference, candidate):
    """How close a compressed file is to the drawing, in dB (higher is closer)."""
    result = subprocess.run(['compare', '-metric', 'PSNR', reference, candidate, 'null:'], capture_output=True, text=True)
    return float(result.stderr.split()[0])


def avif(drawn, webp, target):
    """Saves the smallest AVIF at least as close to the drawing as the WebP beside it.

    AV1 needs about half the bytes of WebP for the same closeness (PSNR), but by how much
    varies from picture to picture, so the quantizer is bisected for each file rather than
    fixed: the highest one (smallest file) whose PSNR still reaches the WebP's.
    """
    goal = psnr(drawn, webp)
    with tempfile.TemporaryDirectory() as scratch:
        trial, decoded = os.path.join(scratch, 'trial.avif'), os.path.join(scratch, 'trial.png')

        def encode(quantizer, out):
            subprocess.run(['avifenc', '--speed', '6', '--depth', '8', '--yuv', '420', '--min', '0', '--max', '63',
                            '-a', 'end-usage=q', '-a', f'cq-level={quantizer}', drawn, out], check=True, capture_output=True)

        low, high = 0, 63
        while low < high:
            middle = (low + high + 1) // 2
            encode(middle, trial)
            subprocess.run(['avifdec', trial, decoded], check=True, capture_output=True)
            if psnr(drawn, decoded) >= goal:
                low = middle
            else:
                high = middle - 1
        encode(low, target)


def save(drawn, target, quality=52):
    """Saves a drawing (a PNG) as `target`.webp and `target`.avif."""
    subprocess.run(['convert', drawn, '-strip', '-quality', str(quality), f'{target}.webp'], check=True)
    avif(drawn, f'{target}.webp', f'{target}.avif')


def render(name, w, h, svg_body, widths, sky=None, quality=52):
    rng = random.Random(name)
    top, bottom = sky or rng.choice(SKIES)
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{svg_body}</svg>'
    os.makedirs(os.path.join(MEDIA, os.path.dirname(name)), exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        drawing = os.path.join(scratch, 'scene.svg')
        with open(drawing, 'w') as handle:
            handle.write(svg)
        for width in widths:
            drawn = os.path.join(scratch, f'{width}.png')
            subprocess.run(
                ['convert', '-size', f'{w}x{h}', f'gradient:{top}-{bottom}', '(', '-background', 'none', drawing, ')',
                 '-composite', '-resize', f'{width}x', '-strip', drawn],
                check=True,
            )
            save(drawn, os.path.join(MEDIA, f'{name}-{width}'), quality)


def scene(name, w, h, feature, widths, sky=None):
    render(name, w, h, landscape(random.Random(name), w, h, feature), widths, sky)


def video(name, title, filter_graph):
    target = os.path.join(MEDIA, 'videos', name)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    text = f"drawtext=fontfile={FONT}:text='{title}':fontcolor=white:fontsize=30:borderw=2:x=(w-text_w)/2:y=h-60"
    graph = f'{filter_graph},{text},format=yuv420p'
    common = ['ffmpeg', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'nullsrc=s=640x360:r=15:d=4', '-vf', graph, '-an']
    subprocess.run(common + ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '50', '-row-mt', '1', f'{target}.webm'], check=True)
    subprocess.run(common + ['-c:v', 'libx264', '-crf', '36', '-preset', 'veryslow', '-movflags', '+faststart', f'{target}.mp4'], check=True)
    subprocess.run(['ffmpeg', '-y', '-loglevel', 'error', '-i', f'{target}.mp4', '-frames:v', '1', '-q:v', '60', f'{target}-poster.webp'], check=True)
    thumbnails(name)
    captions(name, title)


THUMBNAIL_WIDTHS = [96, 192]


def thumbnails(name):
    """The list beside the player draws each poster 96 CSS pixels wide: files for 1x and 2x screens."""
    poster = os.path.join(MEDIA, 'videos', f'{name}-poster.webp')
    with tempfile.TemporaryDirectory() as scratch:
        for width in THUMBNAIL_WIDTHS:
            drawn = os.path.join(scratch, f'{width}.png')
            subprocess.run(['convert', poster, '-resize', f'{width}x', '-strip', drawn], check=True)
            save(drawn, os.path.join(MEDIA, 'videos', f'{name}-thumbnail-{width}'))


def captions(name, title):
    """The clips are silent; the captions say so and give the title shown on screen."""
    with open(os.path.join(MEDIA, 'videos', f'{name}.vtt'), 'w') as handle:
        handle.write(f'WEBVTT\n\n00:00.000 --> 00:04.000\n[No sound] {title}\n')


CHARTER_LINES = [
    ("F2", 18, "Citizen's Charter 2025"),
    ("F1", 12, "Municipality of San Isidro del Monte, Province of Nueva Esperanza"),
    ("F1", 11, ""),
    ("F2", 12, "Our service pledge"),
    ("F1", 11, "We serve every client promptly, courteously and without fixers, within the"),
    ("F1", 11, "processing times below, as required by Republic Act No. 11032 (Ease of Doing"),
    ("F1", 11, "Business and Efficient Government Service Delivery Act of 2018)."),
    ("F1", 11, ""),
    ("F2", 12, "Frontline services and processing times"),
    ("F1", 11, "1. Business permit, new application (BPLO) ............ 1 working day"),
    ("F1", 11, "2. Business permit renewal (BPLO) ........................ 1 working day"),
    ("F1", 11, "3. Certified true copy of tax declaration (Assessor) ..... 30 minutes"),
    ("F1", 11, "4. Payment of real property tax (Treasurer) .............. 15 minutes"),
    ("F1", 11, "5. Certified copy of birth certificate (Civil Registrar) .. 30 minutes"),
    ("F1", 11, "6. Medical certificate (Rural Health Unit) ............... 1 hour"),
    ("F1", 11, "7. Certificate of indigency (MSWDO) ...................... 30 minutes"),
    ("F1", 11, ""),
    ("F2", 12, "Feedback and complaints"),
    ("F1", 11, "Public Assistance and Complaints Desk, Ground Floor, Municipal Hall."),
    ("F1", 11, "Hotline 8888 or the municipal hotline (045) 123-4567."),
    ("F1", 9, "Demonstration document for a fictional municipality."),
]


def charter():
    """A one-page text PDF written by hand: a few kilobytes, searchable and selectable."""
    def escape(text):
        return text.replace('\\', '\\\\').replace('(', '\\(').replace(')', '\\)')
    lines = ['BT', '72 740 Td']
    for font, size, text in CHARTER_LINES:
        lines.append(f'/{font} {size} Tf ({escape(text)}) Tj 0 -{size + 8} Td')
    lines.append('ET')
    stream = '\n'.join(lines).encode('latin-1')
    objects = [
        b'<< /Type /Catalog /Pages 2 0 R >>',
        b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
        b'<< /Length ' + str(len(stream)).encode() + b' >>\nstream\n' + stream + b'\nendstream',
        b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
        b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    ]
    out = bytearray(b'%PDF-1.4\n')
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f'{number} 0 obj\n'.encode() + body + b'\nendobj\n'
    xref = len(out)
    out += f'xref\n0 {len(objects) + 1}\n0000000000 65535 f \n'.encode()
    for offset in offsets:
        out += f'{offset:010d} 00000 n \n'.encode()
    out += f'trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n'.encode()
    with open(os.path.join(MEDIA, 'citizens-charter-2025.pdf'), 'wb') as handle:
        handle.write(out)


def main():
    charter()
    header = (1600, 400)
    for index, feature in enumerate(['hall', 'festival', 'river'], start=1):
        scene(f'slides/slide-{index}', 1600, 700, feature, [640, 1024, 1280, 1600])
    for name, feature in [('history', 'church'), ('officials', 'hall'), ('offices', 'hall'), ('festival', 'festival'),
                          ('tourism', 'falls'), ('directory', 'fields'), ('news', 'river'), ('accounting', 'fields'),
                          ('bids', 'hall'), ('invitation', 'fields')]:
        scene(f'headers/{name}', *header, feature, [800, 1600])
    for slug, feature in [('assesor-office', 'fields'), ('budget-office', 'hall'), ('treasury-office', 'hall'),
                          ('health-office', 'river'), ('agriculture-office', 'fields'), ('registrar-office', 'church'),
                          ('development-office', 'river'), ('hr-office', 'hall'), ('mswd-office', 'festival'),
                          ('bplo-office', 'hall')]:
        scene(f'headers/{slug}', *header, feature, [800, 1600])
    for index in range(1, 14):
        name = f'officials/official-{index}'
        render(name, 480, 480, portrait(random.Random(name), 480, 480), [240, 480], sky=('#dfe7f1', '#9fb3c8'))
    for index, rank in enumerate(['2nd', '2nd', '5th'], start=1):
        name = f'awards/award-{index}'
        render(name, 640, 400, medal(random.Random(name), 640, 400, rank), [320, 640], sky=('#0b4f8a', '#073660'))
    for index, feature in enumerate(['festival', 'fields', 'river'], start=1):
        scene(f'news/news-{index}', 1200, 675, feature, [480, 800, 1200])
    features = ['falls', 'beach', 'river', 'church', 'cave', 'pool', 'fields', 'falls', 'beach', 'river', 'cave',
                'hall', 'fields', 'pool', 'church']
    for index, feature in enumerate(features, start=1):
        scene(f'tourism/spot-{index}', 800, 500, feature, [400, 800])
    for lot, kind, count in [('a', 'heavy', 3), ('b', 'vehicle', 3), ('c', 'farm', 2), ('d', 'junk', 2), ('e', 'waste', 2)]:
        for index in range(1, count + 1):
            name = f'bids/lot-{lot}-{index}'
            render(name, 1200, 800, machine(random.Random(name), 1200, 800, kind, index), [400, 1200], sky=('#9fb3c8', '#e8edf2'))
    video('hymn', 'Himno ng San Isidro del Monte',
          "geq=r='40+30*sin(X/40+T)':g='80+40*sin(Y/30+T*2)':b='150+60*sin((X+Y)/60+T)'")
    video('festival', 'Pista ng Ani',
          "geq=r='200+55*sin(X/20+T*6)':g='120+80*sin(Y/25+T*5)':b='60+40*sin((X-Y)/30)'")
    video('eco-aqua-park', 'Eco-Aqua Park',
          "geq=r='30':g='140+40*sin(X/50+T*3)':b='200+50*sin(Y/12-T*4)'")


if __name__ == '__main__':
    main()
