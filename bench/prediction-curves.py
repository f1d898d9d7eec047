#!/usr/bin/env python3
"""bench/prediction-curves.py OUT.tsv CURVE-K.json...: rows (kernel processors seconds halfWidth95) of the
1-64 processor curves (simulate --format json of a 64-thread recording, --runs N), and a markdown table."""
import json, sys
out = open(sys.argv[1], 'w')
print("| kernel | " + " | ".join(f"{p} proc" for p in [1, 4, 8, 16, 32, 64]) + " |")
print("|---|" + "---|" * 6)
for f in sys.argv[2:]:
    k = f.rsplit('curve-', 1)[1].split('.')[0]
    d = json.load(open(f))
    cells = []
    t1 = d['points'][0]['seconds']
    for p in d['points']:
        out.write(f"{k}\t{p['processors']}\t{p['seconds']}\t{p['halfWidth95']}\n")
        cells.append(f"{p['seconds'] * 1e3:.1f} ± {p['halfWidth95'] * 1e3:.1f} ms ({t1 / p['seconds']:.1f}×)")
    print(f"| {k} | " + " | ".join(cells) + " |")
