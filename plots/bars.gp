# bars.gp - grouped bars: one group per row of the data file (its first column names the
# group), one bar per further column (the column header is the legend entry).

# each legend row takes height from the plot: give some back
height = height + 40 * (nseries > 2 ? nseries - 2 : 0)
# many bars: widen (a figure across both columns) rather than thin the bars to hairlines
barwidth = ngroups * (nseries + 1) * 13 + 160
if (barwidth > width) { width = barwidth }
pdfsize = sprintf('%.2fin,%.2fin', 5.0 * width / 800.0, 3.125 * height / 560.0)

set style data histograms
set style histogram clustered gap 1
set boxwidth 0.9
set xrange [-0.6:ngroups - 0.4]
# group labels need no tic marks (they would stand between the bars)
set xtics scale 0
set key above horizontal Left reverse samplen 1.5
# one series needs no legend: the axis title says what it is
if (nseries == 1) { unset key }

do for [fmt in formats] {
    if (fmt eq 'png') {
        if (havecairo) { set terminal pngcairo size width,height font font noenhanced } \
        else { set terminal png size width,height font font noenhanced }
    }
    if (fmt eq 'svg') { set terminal svg size width,height font font noenhanced background rgb 'white' }
    if (fmt eq 'pdf') { eval 'set terminal pdfcairo noenhanced size '.pdfsize.' font "'.pdffont.'"' }
    set output out.'.'.fmt
    plot for [i=1:nseries] data using i+1:xtic(1) title columnheader(i+1) \
         fillstyle pattern pattern[(i-1)%8+1] border lc rgb colour[(i-1)%8+1] \
         lc rgb colour[(i-1)%8+1] lw 1.5
    set output
}
