# Report of bench/render-run. Input lines: ROUND WORKLOAD CONTENDER SIZE WALL_SECONDS CPU_SECONDS.
# Variables: names (contenders, space-separated, ptyctl first), workloads (space-separated).
function median(values, n,    i, j, tmp, sorted) {
  for (i = 1; i <= n; i++) sorted[i] = values[i]
  for (i = 2; i <= n; i++) {
    tmp = sorted[i]
    for (j = i - 1; j >= 1 && sorted[j] > tmp; j--) sorted[j + 1] = sorted[j]
    sorted[j + 1] = tmp
  }
  return n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2
}
function med(w, name, size, col,    n, r, v) {
  n = 0
  for (r = 1; r <= rounds; r++) if ((r, w, name, size) in wall) v[++n] = col == "wall" ? wall[r, w, name, size] : cpu[r, w, name, size]
  return median(v, n)
}
# the fastest of the rounds: under load the run least disturbed, the nearest to what a quiet machine gives
function fastest(w, name, size, col,    r, v, best) {
  best = -1
  for (r = 1; r <= rounds; r++) if ((r, w, name, size) in wall) {
    v = col == "wall" ? wall[r, w, name, size] : cpu[r, w, name, size]
    if (best < 0 || v < best) best = v
  }
  return best
}
function rate(mib, seconds) { return seconds > 0 ? mib / seconds : 0 }
# ptyctl's marginal rate over the contender's, per round: median (min–max)
function roundRatios(w, name, col,    n, r, v, a, b, lo, hi, i) {
  n = 0
  for (r = 1; r <= rounds; r++) {
    if (!((r, w, name, 32) in wall)) continue
    a = rate(24, col == "wall" ? wall[r, w, "ptyctl", 32] - wall[r, w, "ptyctl", 8] : cpu[r, w, "ptyctl", 32] - cpu[r, w, "ptyctl", 8])
    b = rate(24, col == "wall" ? wall[r, w, name, 32] - wall[r, w, name, 8] : cpu[r, w, name, 32] - cpu[r, w, name, 8])
    v[++n] = b > 0 ? a / b : 0
  }
  lo = v[1]; hi = v[1]
  for (i = 2; i <= n; i++) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i] }
  return sprintf("%.1f× (%.1f–%.1f)", median(v, n), lo, hi)
}
{
  wall[$1, $2, $3, $4] = $5; cpu[$1, $2, $3, $4] = $6
  if ($1 > rounds) rounds = $1
}
END {
  nn = split(names, who, " "); nw = split(workloads, wl, " ")
  for (i = 1; i <= nw; i++) {
    w = wl[i]
    pw = rate(24, med(w, "ptyctl", 32, "wall") - med(w, "ptyctl", 8, "wall"))
    pc = rate(24, med(w, "ptyctl", 32, "cpu") - med(w, "ptyctl", 8, "cpu"))
    pf = rate(24, fastest(w, "ptyctl", 32, "wall") - fastest(w, "ptyctl", 8, "wall"))
    for (k = 1; k <= nn; k++) {
      ow = rate(24, med(w, who[k], 32, "wall") - med(w, who[k], 8, "wall"))
      oc = rate(24, med(w, who[k], 32, "cpu") - med(w, who[k], 8, "cpu"))
      of = rate(24, fastest(w, who[k], 32, "wall") - fastest(w, who[k], 8, "wall"))
      if (who[k] == "ptyctl") {
        printf "| %s | ptyctl | %.1f | %.1f | | | %.1f | |\n", w, ow, oc, of
      } else {
        printf "| %s | %s | %.1f | %.1f | %.1f× (%s) | %.1f× (%s) | %.1f | %.1f× |\n", w, who[k], ow, oc,
          (ow > 0 ? pw / ow : 0), roundRatios(w, who[k], "wall"), (oc > 0 ? pc / oc : 0), roundRatios(w, who[k], "cpu"),
          of, (of > 0 ? pf / of : 0)
      }
    }
  }
  print ""
  print "64 MiB through each ptyctl command: median seconds, and MiB/s after start-up (64 MiB over its time less the 1 KiB file's):"
  print ""
  print "| workload | command | 1 KiB wall / CPU s | 64 MiB wall / CPU s | after start-up, wall MiB/s | CPU MiB/s |"
  print "| --- | --- | --- | --- | --- | --- |"
  for (i = 1; i <= nw; i++) {
    w = wl[i]
    for (k = 1; k <= nn; k++) {
      if (who[k] == "xterm.js") continue
      tw = med(w, who[k], "tiny", "wall"); tc = med(w, who[k], "tiny", "cpu")
      bw = med(w, who[k], 64, "wall"); bc = med(w, who[k], 64, "cpu")
      printf "| %s | %s | %.2f / %.2f | %.2f / %.2f | %.1f | %.1f |\n", w, who[k], tw, tc, bw, bc, rate(64, bw - tw), rate(64, bc - tc)
    }
  }
}
