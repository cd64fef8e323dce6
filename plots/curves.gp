# curves.gp - one line per series on shared axes: column 1 of the data file is the x
# position, column 2 its tic label, column i + 2 series i (its column header the legend
# entry).  For a suite's experiment along an x axis (hamm-experiment/1), e.g. the
# harmonic-mean IPC of each scheduler against the DRAM queue size (the Yuan thesis'
# Figure 6.22).

win = colwidth
# The legend above the plot, in as many columns as fit (never over a line).
keycols = int((win - 0.4) / (chars_in(keychars) + 0.45))
keycols = keycols < 1 ? 1 : (keycols > nseries ? nseries : keycols)
keyrows = int((nseries + keycols - 1) / keycols)
set key above horizontal Left reverse samplen 2.5 width -1 maxcols keycols maxrows keyrows
if (nseries == 1) { unset key; keyrows = 0 }
keyin = keyrows * 0.16 + 0.1
xtitlein = xlabel ne '' ? 0.2 : 0
graphin = chars_in(strlen(ylabel)) + 0.15
if (graphin < 1.6) { graphin = 1.6 }
hin = graphin + 0.22 + xtitlein + keyin
set bmargin at screen (0.22 + xtitlein) / hin
set tmargin at screen 1 - keyin / hin
set lmargin at screen 0.6 / win
set rmargin at screen 1 - 0.15 / win

# x: logarithmic (base 2) when the values grow by factors (queue sizes 8 to 64), with
# room either side so that no point sits on the frame; the tics are the values.
# (stats keeps to the y range set above: free it for the x column, then set it again)
set yrange [*:*]
stats data using 1 nooutput
eval 'set yrange '.yrange
if (xlog) { set logscale x 2
            set xrange [STATS_min / 1.3 : STATS_max * 1.3] } \
else { pad = STATS_max > STATS_min ? (STATS_max - STATS_min) * 0.08 : 0.5
       set xrange [STATS_min - pad : STATS_max + pad] }
set grid xtics ytics lc rgb '#b0b0b0' lw 0.5 dt 3

do for [fmt in formats] {
    eval termcmd(fmt)
    set output out.'.'.fmt
    plot for [i=1:nseries] data using 1:(column(i + 2)):xtic(2) title columnheader(i + 2) \
         with linespoints lw 1.2 dt 1 + (i - 1) % 4 \
         pt shape[(i + firststyle - 2) % 8 + 1] ps (fmt eq 'pdf' ? 0.35 : 0.7) \
         lc rgb colour[(i + firststyle - 2) % 8 + 1]
    set output
}
