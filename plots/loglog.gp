# loglog.gp - predicted against measured, both axes logarithmic (execution times over
# orders of magnitude): one point per row of the data file and per predicting column
# (columns 4 and 5, titled by their headers in the data file's first row), the line
# y = x and the band within 10% of it, so the distance from the line is the relative error.

win = colwidth
hin = colwidth + 0.3
set size ratio -1
set logscale xy 10
set format x '%g'
set format y '%g'
# the axes span the data, with a margin, the same on both so that y = x is the diagonal
stats data using 3 nooutput
lo = STATS_min
hi = STATS_max
stats data using 4 nooutput
lo = STATS_min < lo ? STATS_min : lo
hi = STATS_max > hi ? STATS_max : hi
stats data using 5 nooutput
lo = STATS_min < lo ? STATS_min : lo
hi = STATS_max > hi ? STATS_max : hi
# a margin of a factor 1.5, so that no point sits on the border
lo = lo / 1.5
hi = hi * 1.5
set xrange [lo:hi]
set yrange [lo:hi]
set grid xtics ytics lc rgb '#b0b0b0' lw 0.5 dt 3
# above the plot, two entries a row: inside, it would hide points of some corner
set key above horizontal Left reverse samplen 1.5 spacing 1.0 maxcols 2 width -2
set samples 50
do for [fmt in formats] {
    eval termcmd(fmt)
    set output out.'.'.fmt
    plot '+' using 1:(0.9 * $1):(1.1 * $1) with filledcurves fc rgb '#c8c8c8' \
             title 'within 10%', \
         x with lines dt 2 lw 0.8 lc rgb '#555555' title 'predicted = measured', \
         data using 3:4 with points pt shape[1] ps (fmt eq 'pdf' ? 0.5 : 1.0) lw 0.8 \
              lc rgb colour[1] title columnheader(4), \
         data using 3:5 with points pt shape[2] ps (fmt eq 'pdf' ? 0.5 : 1.0) lw 0.8 \
              lc rgb colour[6] title columnheader(5)
    set output
}
