# scatter.gp - predicted against measured, one point per row of the data file, one panel
# per predicting column (the columns after "measured", named in `panels`), with the
# dashed line x = y: points below it are under-predictions.

ncols = (nseries >= 2) ? 2 : 1
nrows = (nseries + 1) / 2
width = 450 * ncols + 100
height = 450 * nrows + 40
pdfsize = sprintf('%.2fin,%.2fin', 2.6 * ncols + 0.5, 2.4 * nrows + 0.3)
set size ratio -1
set xrange [0:100]
set yrange [0:100]
set xtics 25
set ytics 25
set grid xtics ytics lc rgb '#b0b0b0' lw 1 dt 3
unset key
do for [fmt in formats] {
    if (fmt eq 'png') {
        if (havecairo) { set terminal pngcairo size width,height font font noenhanced } \
        else { set terminal png size width,height font font noenhanced }
    }
    if (fmt eq 'svg') { set terminal svg size width,height font font noenhanced background rgb 'white' }
    if (fmt eq 'pdf') { eval 'set terminal pdfcairo noenhanced size '.pdfsize.' font "'.pdffont.'"' }
    set output out.'.'.fmt
    set multiplot layout nrows, ncols spacing 0.06, 0.16 margins 0.14, 0.98, 0.1, 0.93
    do for [i=1:nseries] {
        set title word(panels, i)
        # axis titles on the outer panels only
        if ((i - 1) % ncols == 0) { set ylabel ylabel } else { unset ylabel }
        if ((i - 1) / ncols == nrows - 1 || i + ncols > nseries) { set xlabel xlabel } \
        else { unset xlabel }
        plot x with lines dt 2 lw 1.5 lc rgb '#555555', \
             data using 3:(column(i + 3)) with points pt shape[(i - 1) % 8 + 1] ps (fmt eq 'pdf' ? 0.6 : 1.4) \
                  lc rgb colour[(i - 1) % 8 + 1]
    }
    unset multiplot
    set output
}
