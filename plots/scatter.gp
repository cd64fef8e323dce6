# scatter.gp - predicted against measured, one point per row of the data file, one panel
# per predicting column (the columns after "measured", named in `panels`), with the
# dashed line x = y: points below it are under-predictions.

# One column wide, panels two to a row, each square.  Cairo draws a PDF's points about
# twice as large as a PNG's, hence the point size per format below.
ncols = (nseries >= 2) ? 2 : 1
nrows = (nseries + 1) / 2
win = colwidth
panelin = ncols == 2 ? 1.15 : 2.2
hin = nrows * (panelin + 0.5) + 0.1
# margins and gaps in inches, as fractions of the page for multiplot
lm = 0.55 / win
bm = 0.4 / hin
tm = 0.2 / hin
set size ratio -1
set xrange [0:100]
set yrange [0:100]
# x tics every 50 so that neighbouring panels' numbers stay apart; the grid keeps 25
set xtics 50
set mxtics 2
set ytics 25
set grid xtics mxtics ytics lc rgb '#b0b0b0' lw 0.5 dt 3
unset key
do for [fmt in formats] {
    eval termcmd(fmt)
    set output out.'.'.fmt
    set multiplot layout nrows, ncols spacing 0.28 / win, 0.5 / hin \
        margins lm, 1 - 0.2 / win, bm, 1 - tm
    do for [i=1:nseries] {
        set title sprintf('(%s) %s', substr('abcdefgh', i, i), word(panels, i)) offset 0, -0.6
        # axis titles on the outer panels only
        if ((i - 1) % ncols == 0) { set ylabel ylabel; set format y '%g' } \
        else { unset ylabel; set format y '' }
        if ((i - 1) / ncols == nrows - 1 || i + ncols > nseries) { set xlabel xlabel } \
        else { unset xlabel }
        plot x with lines dt 2 lw 0.8 lc rgb '#555555', \
             data using 3:(column(i + 3)) with points pt shape[(i - 1) % 8 + 1] \
                  ps (fmt eq 'pdf' ? 0.55 : 1.2) lw 0.8 \
                  lc rgb colour[(i + firststyle - 2) % 8 + 1]
    }
    unset multiplot
    set output
}
