# Median SM clock and power of each driver process, from the times file's
# start stamps and nvidia-smi's 100 ms samples (first 1.5 s of each skipped).
import re, statistics, sys
def sec(s):
    h, m, x = s.split(':'); return int(h) * 3600 + int(m) * 60 + float(x)
times, smi = sys.argv[1], sys.argv[2]
runs, cur = [], None
for l in open(times):
    m = re.match(r'(\d\d:\d\d:\d\d\.\d+) (.*)', l)
    if m: cur = [sec(m.group(1)), m.group(2), ''] ; runs.append(cur)
    elif 'TFLOP' in l and cur: cur[2] = re.sub(r'.*?(\S+) n=(\d+).* ([\d.]+) TFLOP.*', r'\1 n=\2 \3', l.strip())
samples = []
for l in open(smi):
    f = [x.strip() for x in l.split(',')]
    try: samples.append((sec(f[0].split()[1]), float(f[1].split()[0]), float(f[2].split()[0])))
    except (IndexError, ValueError): pass
for i, (t0, cmd, res) in enumerate(runs):
    t1 = runs[i + 1][0] if i + 1 < len(runs) else t0 + 10
    s = [x for x in samples if t0 + 1.5 <= x[0] < t1]
    if s: print(f"{res:45s} {statistics.median(x[1] for x in s):6.0f} MHz {statistics.median(x[2] for x in s):6.1f} W")
