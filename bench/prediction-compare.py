#!/usr/bin/env python3
"""bench/prediction-compare.py BEFORE_ROWS.tsv AFTER_ROWS.tsv OUT.md: per point, the error of two versions of the
model against the same measurements (the ROWS.tsv files bench/prediction-report.py writes from one measured.tsv),
and both versions' mean absolute / worst error against issue 20's targets (<= 15 % / <= 30 %)."""
import statistics, sys

def rows(path):
    out = {}
    for line in open(path):
        k, t, cpu1, p1, wall2, p2, cpu2, pbusy2 = line.rstrip('\n').split('\t')
        out[(k, int(t))] = dict(cpu1=float(cpu1), p1=float(p1), wall2=float(wall2), p2=float(p2), cpu2=float(cpu2), pbusy2=float(pbusy2))
    return out

def err(pred, meas):
    return (pred - meas) / meas

before, after, out_md = rows(sys.argv[1]), rows(sys.argv[2]), sys.argv[3]
lines = ["| kernel | threads | 1 core: measured CPU s | before | error | after | error | 2 cores: measured CPU s | before | error | after | error |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|"]
errs = {('before', 1): [], ('after', 1): [], ('before', 2): [], ('after', 2): []}
for k, t in after:  # rows in the order bench/prediction-report.py wrote them
    if (k, t) not in before:
        continue
    b, a = before[(k, t)], after[(k, t)]
    e = {('before', 1): err(b['p1'], b['cpu1']), ('after', 1): err(a['p1'], a['cpu1']),
         ('before', 2): err(b['pbusy2'], b['cpu2']), ('after', 2): err(a['pbusy2'], a['cpu2'])}
    for key, v in e.items():
        errs[key].append(abs(v))
    lines.append(f"| {k} | {t} | {a['cpu1']:.2f} | {b['p1']:.2f} | {e[('before', 1)]:+.0%} | {a['p1']:.2f} | {e[('after', 1)]:+.0%} "
                 f"| {a['cpu2']:.2f} | {b['pbusy2']:.2f} | {e[('before', 2)]:+.0%} | {a['pbusy2']:.2f} | {e[('after', 2)]:+.0%} |")

def cell(es):
    return f"{statistics.mean(es):.0%} / {max(es):.0%}" if es else "-"

def met(es):
    return 'yes' if es and statistics.mean(es) <= 0.15 and max(es) <= 0.30 else 'no'

lines += ["", "| points | before: mean absolute / worst | after: mean absolute / worst | target | met after |", "|---|---|---|---|---|"]
for n, name in [(1, "1 core: predicted time vs measured CPU time"), (2, "2 cores: predicted processor time vs measured CPU time")]:
    lines.append(f"| {name} | {cell(errs[('before', n)])} | {cell(errs[('after', n)])} | ≤ 15 % / ≤ 30 % | {met(errs[('after', n)])} |")
both_b, both_a = errs[('before', 1)] + errs[('before', 2)], errs[('after', 1)] + errs[('after', 2)]
lines.append(f"| all {len(both_a)} CPU points | {cell(both_b)} | {cell(both_a)} | ≤ 15 % / ≤ 30 % | {met(both_a)} |")
open(out_md, 'w').write('\n'.join(lines) + '\n')
print('\n'.join(lines))
