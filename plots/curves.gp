# curves.gp - one line per series on shared axes: column 1 of the data file is the x tic
# label, column 2 its position, column i + 2 series i (its column header the legend
# entry).  For a suite's experiment along an x axis (hamm-experiment/1), e.g. the
# harmonic-mean IPC of each scheduler against the DRAM queue size (the Yuan thesis'
# Figure 6.22).

win = colwidth
# The legend above the plot, in as many columns as fit (never over a line).
keycols = int((win - 0.4) / (chars_in(keychars) + 0.6))
keycols = keycols < 1 ? 1 : (keycols > nseries ? nseries : keycols)
keyrows = int((nseries + keycols - 1) / keycols)
# (gnuplot reckons long titles wider than they are, which would cost a column: narrow
# them by a character; short ones need all their width)
set key above horizontal Left reverse samplen 2.5 width (keychars > 6 ? -1 : 0) maxcols keycols maxrows keyrows
if (nseries == 1) { unset key; keyrows = 0 }
# (a browser draws the SVG's text a little larger than cairo does: room for that too)
keyin = keyrows * 0.19 + 0.1
xtitlein = xlabel ne '' ? 0.25 : 0
graphin = chars_in(strlen(ylabel)) + 0.15
if (graphin < 1.6) { graphin = 1.6 }
hin = graphin + 0.25 + xtitlein + keyin
set bmargin at screen (0.25 + xtitlein) / hin
set tmargin at screen 1 - keyin / hin
set lmargin at screen 0.6 / win
set rmargin at screen 1 - 0.15 / win

# x: logarithmic (base 2) when the values grow by factors (queue sizes 8 to 64); the
# tics are the values.  Room either side for half the longest tic label (and no point on
# the frame), reckoned in inches of the plot and turned into axis units.
# (stats keeps to the y range set above: free it for the x column, then set it again)
set yrange [*:*]
stats data using 2 nooutput
eval 'set yrange '.yrange
padin = chars_in(labelchars) / 2 + 0.06
padin = padin < 0.15 ? 0.15 : padin
plotin = win - 0.75 - 2 * padin
if (xlog) { set logscale x 2
            f = exp(log(STATS_max / STATS_min) * padin / plotin)
            set xrange [STATS_min / f : STATS_max * f] } \
else { pad = STATS_max > STATS_min ? (STATS_max - STATS_min) * padin / plotin : 0.5
       set xrange [STATS_min - pad : STATS_max + pad] }
set grid xtics ytics lc rgb '#b0b0b0' lw 0.5 dt 3

do for [fmt in formats] {
    eval termcmd(fmt)
    set output out.'.'.fmt
    plot for [i=1:nseries] data using 2:(column(i + 2)):xtic(1) title columnheader(i + 2) \
         with linespoints lw 1.2 dt 1 + (i - 1) % 4 \
         pt shape[(i + firststyle - 2) % 8 + 1] ps (fmt eq 'pdf' ? 0.35 : 0.7) \
         lc rgb colour[(i + firststyle - 2) % 8 + 1]
    set output
}
