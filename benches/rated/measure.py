#!/usr/bin/env python3
"""Measures issue 32's targets on the rated sets of benches/data/rated/ (see its README.md).

For each set file (`puzzle rating` a line, the rating Sudoku Explainer's):
  * Spearman rho of `sudoku-lab grade`'s score against the SE rating;
  * with HODOKU_JAR: HoDoKu's batch solve (/bs /vp) of the same puzzles, the share of the
    puzzles HoDoKu solves without brute force that `grade` solves without a guess, and the
    speed ratio (HoDoKu's whole process / grade's whole process, same file, one run each);
  * with --stuck FILE: the puzzles where grade is stuck and HoDoKu is not, each with
    sudoku-lab's pencil marks where it stops (HoDoKu's library format) and HoDoKu's path from
    that state, then a histogram of HoDoKu's techniques in those paths.
HoDoKu is a peer built outside the repository (HODOKU_JAR); without it those parts are
skipped with a message. SERATE_JAR (Sudoku Explainer's serate) is only used with --rerate N,
to check the first N published ratings of each file against serate run here (slow: seconds
a puzzle).

usage: python3 benches/rated/measure.py [--bin target/release/sudoku-lab] [--stuck OUT]
                                        [--rerate N] [FILE ...]
"""
import argparse, collections, glob, json, os, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "rated")


def read_set(path):
    puzzles, ratings = [], []
    for line in open(path):
        parts = line.split()
        if parts and len(parts[0]) == 81:
            puzzles.append(parts[0].replace("0", "."))
            # A file of bare puzzles (no SE rating) still gives the no-guess share and speed.
            ratings.append(float(parts[1]) if len(parts) > 1 else float("nan"))
    return puzzles, ratings


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else float("nan")


def timed(cmd, **kw):
    t = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, **kw).stdout
    return out, time.monotonic() - t


def grade(binary, path, steps=False):
    cmd = [binary, "grade", "--output", "json", "--threads", "1", path]
    if steps:
        cmd.insert(2, "--steps")
    out, secs = timed(cmd)
    return [json.loads(l) for l in out.splitlines() if l.strip()], secs


def hodoku(jar, lines):
    """Runs HoDoKu's batch solve on `lines` (puzzles or library-format states); returns
    ([(level, score, [technique, ...]) or None], seconds of the whole process)."""
    with tempfile.TemporaryDirectory() as d:
        # HoDoKu reads a leading '/' as an option: pass the file by a relative name.
        open(os.path.join(d, "in.txt"), "w").write("".join(l + "\n" for l in lines))
        _, secs = timed(["java", "-Djava.awt.headless=true", "-Xmx512m", "-jar", jar,
                         "/bs", "in.txt", "/vp", "/o", "out.txt"], cwd=d)
        text = open(os.path.join(d, "out.txt")).read()
    results, cur = [], None
    for line in text.splitlines():
        if " #" in line and not line.startswith(" "):
            head = line.rsplit(" #", 1)[1].split()
            cur = [head[1] if len(head) > 1 else "?",
                   int(head[2].strip("()")) if len(head) > 2 and head[2].strip("()").isdigit() else -1, []]
            results.append(cur)
        elif line.startswith("   ") and not line.startswith("    ") and cur is not None:
            cur[2].append(step_name(line.strip()))
    return results, secs


def step_name(step):
    """The technique of one line of HoDoKu's path: 'Naked Pair: 1,2 in …' or, for forcing chains
    and nets, which have no colon, 'Forcing Chain Contradiction in c4 => …'."""
    cut = min(i for i in (step.find(":"), step.find(" in "), step.find(" => "), len(step)) if i >= 0)
    return step[:cut]


def pencil_marks(puzzle, path):
    """sudoku-lab's candidates after its path: givens, placements, eliminations replayed."""
    vals = [int(c) if c.isdigit() and c != "0" else 0 for c in puzzle]
    placed = set()
    gone = [set() for _ in range(81)]
    for step in path:
        for cell, d in step["placements"]:
            i = (int(cell[1]) - 1) * 9 + int(cell[3]) - 1
            vals[i] = d
            placed.add(i)
        for cell, d in step["eliminations"]:
            gone[(int(cell[1]) - 1) * 9 + int(cell[3]) - 1].add(d)
    peers = lambda i: {j for j in range(81) if j != i and (j // 9 == i // 9 or j % 9 == i % 9 or
                       (j // 27 == i // 27 and j % 9 // 3 == i % 9 // 3))}
    cands = []
    for i in range(81):
        if vals[i]:
            cands.append(set())
        else:
            seen = {vals[j] for j in peers(i)}
            cands.append({d for d in range(1, 10) if d not in seen and d not in gone[i]})
    # HoDoKu's library format: givens, '+' before a placed digit, then the deleted candidates
    # beyond those the placed digits remove.
    grid = "".join(("+" if i in placed else "") + (str(vals[i]) if vals[i] else ".") for i in range(81))
    deleted = []
    for i in range(81):
        if not vals[i]:
            seen = {vals[j] for j in peers(i)}
            deleted += [f"{d}{i // 9 + 1}{i % 9 + 1}" for d in range(1, 10) if d not in seen and d not in cands[i]]
    return f":0000:x:{grid}:{' '.join(deleted)}::", cands


def rerate(jar, puzzles, n):
    with tempfile.TemporaryDirectory() as d:
        open(os.path.join(d, "in.txt"), "w").write("".join(p + "\n" for p in puzzles[:n]))
        subprocess.run(["java", "-Djava.awt.headless=true", "-Xmx500m", "-cp", jar, "diuf.sudoku.test.serate",
                        "--format=%g ED=%r/%p/%d", "--input=in.txt", "--output=out.txt"],
                       cwd=d, capture_output=True)
        return [float(l.split("ED=")[1].split("/")[0]) for l in open(os.path.join(d, "out.txt")) if "ED=" in l]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*")
    ap.add_argument("--bin", default="target/release/sudoku-lab")
    ap.add_argument("--stuck")
    ap.add_argument("--rerate", type=int, default=0)
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(DATA, "*.txt")))
    jar = os.environ.get("HODOKU_JAR")
    if jar and not os.path.exists(jar):
        print(f"HODOKU_JAR={jar} does not exist: HoDoKu skipped")
        jar = None
    if not jar:
        print("HoDoKu: HODOKU_JAR not set, no-guess share and speed ratio skipped")
    se_jar = os.environ.get("SERATE_JAR")
    totals = collections.Counter()
    stuck_out = []
    # A file of puzzles an earlier file had (the same set rated by another SE build) gets its
    # rho; HoDoKu is not run on it again, and it does not count twice in "all".
    seen = set()
    for f in files:
        puzzles, se = read_set(f)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as t:
            t.write("".join(p + "\n" for p in puzzles))
        grades, gsecs = grade(a.bin, t.name)
        scores = [g.get("score", float("nan")) for g in grades]
        name = os.path.basename(f)
        rated = [i for i in range(len(se)) if se[i] == se[i]]
        rho = spearman([scores[i] for i in rated], [se[i] for i in rated]) if rated else float("nan")
        span = f"SE {min(se[i] for i in rated)}-{max(se[i] for i in rated)}" if rated else "no SE ratings"
        guess = sum(1 for g in grades if g.get("needs_guessing"))
        print(f"{name}: {len(puzzles)} puzzles, {span}, rho(grade, SE) = {rho:.4f}, "
              f"grade guesses on {guess}, grade {gsecs:.2f} s ({gsecs / len(puzzles) * 1000:.2f} ms/puzzle, 1 thread)")
        if se_jar and a.rerate:
            mine = rerate(se_jar, puzzles, a.rerate)
            same = sum(1 for x, y in zip(mine, se) if abs(x - y) < 0.05)
            print(f"  serate here agrees with the published rating on {same}/{len(mine)}")
        if not jar:
            continue
        if tuple(puzzles) in seen:
            print("  HoDoKu: the same puzzles as an earlier file: not run again")
            continue
        seen.add(tuple(puzzles))
        hres, hsecs = hodoku(jar, puzzles)
        assert len(hres) == len(puzzles), (len(hres), len(puzzles))
        nobf = [i for i, h in enumerate(hres) if "Brute Force" not in h[2]]
        ok = [i for i in nobf if not grades[i].get("needs_guessing")]
        nobf9 = [i for i in nobf if se[i] < 9.0]  # NaN (no rating) is not < 9.0
        ok9 = [i for i in nobf9 if not grades[i].get("needs_guessing")]
        hrho = spearman([hres[i][1] for i in rated], [se[i] for i in rated]) if rated else float("nan")
        print(f"  HoDoKu: no brute force on {len(nobf)}/{len(puzzles)}; grade needs no guess on {len(ok)}/{len(nobf)} "
              f"= {100 * len(ok) / max(1, len(nobf)):.1f}% (SE < 9.0: {len(ok9)}/{len(nobf9)}); "
              f"rho(HoDoKu score, SE) = {hrho:.4f}; HoDoKu {hsecs:.2f} s, ratio {hsecs / gsecs:.1f}x")
        totals.update(n=len(puzzles), nobf=len(nobf), ok=len(ok), nobf9=len(nobf9), ok9=len(ok9))
        totals["hsecs"] += hsecs
        totals["gsecs"] += gsecs
        for i in nobf:
            if grades[i].get("needs_guessing"):
                stuck_out.append((name, puzzles[i], se[i], hres[i]))
    if totals["n"]:
        print(f"all: grade needs no guess on {totals['ok']}/{totals['nobf']} = "
              f"{100 * totals['ok'] / max(1, totals['nobf']):.1f}% of HoDoKu's no-brute-force puzzles "
              f"(SE < 9.0: {totals['ok9']}/{totals['nobf9']}); speed ratio {totals['hsecs'] / totals['gsecs']:.1f}x "
              f"(HoDoKu {totals['hsecs']:.1f} s, grade {totals['gsecs']:.1f} s)")
    if a.stuck and jar:
        write_stuck(a, jar, stuck_out)


def write_stuck(a, jar, stuck):
    states = []
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as t:
        t.write("".join(s[1] + "\n" for s in stuck))
    paths, _ = grade(a.bin, t.name, steps=True) if stuck else ([], 0)
    for s, g in zip(stuck, paths):
        states.append(pencil_marks(s[1], g.get("path", [])))
    after, _ = hodoku(jar, [st[0] for st in states]) if states else ([], 0)
    hist, first = collections.Counter(), collections.Counter()
    singles = {"Full House", "Naked Single", "Hidden Single"}
    with open(a.stuck, "w") as out:
        out.write("# puzzles where sudoku-lab's grade is stuck (next move a guess) and HoDoKu is not\n"
                  "# set | puzzle | SE | HoDoKu level (score) | sudoku-lab's stuck state (HoDoKu library format)"
                  " | HoDoKu's next technique from that state | HoDoKu's techniques from there\n")
        for s, st, h in zip(stuck, states, after):
            techs = [x for x in h[2] if x not in singles]
            nxt = techs[0] if techs else "?"
            first[nxt] += 1
            hist.update(set(techs))
            out.write(f"{s[0]} | {s[1]} | {s[2]} | {s[3][0]} ({s[3][1]}) | {st[0]} | {nxt} | "
                      f"{', '.join(dict.fromkeys(techs))}\n")
        out.write(f"\n# HoDoKu's next technique from the stuck state ({len(states)} puzzles)\n")
        for k, v in first.most_common():
            out.write(f"#   {v:4d} {k}\n")
        out.write("# HoDoKu's techniques in its path from the stuck state (puzzles using each)\n")
        for k, v in hist.most_common():
            out.write(f"#   {v:4d} {k}\n")
    print(f"stuck: {len(states)} puzzles written to {a.stuck}")
    for k, v in hist.most_common(12):
        print(f"  {v:4d} {k}")


if __name__ == "__main__":
    main()
