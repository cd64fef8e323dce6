# lines.gp - one small panel per series: column 1 of the data file (x) against column
# i + 1 (y) for series i, the panels titled by the words of `panels`, all on the same
# axes so that they compare at a glance.  For the stride tables of hamm-conflicts/1: the
# conflict degree (y, powers of two) against the stride (x).

ncols = nseries >= 3 ? 3 : nseries
nrows = (nseries + ncols - 1) / ncols
win = ncols == 1 ? colwidth : pagewidth
panelin = 1.15
hin = nrows * (panelin + 0.45) + 0.15
lm = 0.5 / win
bm = 0.4 / hin
tm = 0.2 / hin
# the degree doubles with each shared power of two: a base-2 axis shows the steps evenly
if (ylog) { unset logscale y; set logscale y 2 }
set format y '%g'
# x tics at a power of two that gives about eight of them (strides: 8, 16, 24, ...)
# (stats keeps to the y range set above: free it for the x column, then set it again)
set yrange [*:*]
stats data using 1 nooutput
eval 'set yrange '.yrange
xstep = 2 ** floor(log(STATS_max > 8 ? STATS_max / 8.0 : 1) / log(2) + 0.5)
set xtics xstep
set mxtics 2
# half a step of room either side, so that the first and last points stay off the frame
set xrange [STATS_min - 0.5 : STATS_max + 0.5]
set grid xtics ytics lc rgb '#b0b0b0' lw 0.5 dt 3
unset key
do for [fmt in formats] {
    eval termcmd(fmt)
    set output out.'.'.fmt
    set multiplot layout nrows, ncols spacing 0.3 / win, 0.45 / hin \
        margins lm, 1 - 0.15 / win, bm, 1 - tm
    do for [i=1:nseries] {
        set title sprintf('(%s) %s', substr('abcdefgh', i, i), word(panels, i)) offset 0, -0.6
        if ((i - 1) % ncols == 0) { set ylabel ylabel } else { unset ylabel }
        if ((i - 1) / ncols == nrows - 1 || i + ncols > nseries) { set xlabel xlabel } \
        else { unset xlabel }
        plot data using 1:(column(i + 1)) with linespoints pt 7 \
             ps (fmt eq 'pdf' ? 0.25 : 0.5) lw 0.8 lc rgb colour[(i + firststyle - 2) % 8 + 1]
    }
    unset multiplot
    set output
}
