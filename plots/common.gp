# common.gp - the look every hamm figure shares: sizes, fonts, colours, fill patterns.
# Fonts are sized for a figure shrunk to one column of a two-column paper (about 3.3 in):
# an 800-pixel PNG at that width shows 20-point text at about 7 points.

width = 800          # PNG and SVG size in pixels
height = 560
font = 'Sans,20'
pdfsize = '5in,3.125in'  # PDF size; its font is pdffont
pdffont = 'Sans,12'

# Okabe & Ito's colour-blind-safe palette, ordered so that neighbours differ in lightness.
array colour[8] = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', \
                   '#000000', '#F0E442']
# Fill patterns (cairo terminals): 3 solid, 4-7 hatches, 1-2 cross-hatches, so that bars
# stay apart when printed in grey.
array pattern[8] = [3, 4, 5, 1, 6, 7, 2, 0]
# Point shapes for scatter panels and dash types for lines, for the same reason.
array shape[8] = [7, 5, 9, 13, 11, 3, 1, 2]

# The image formats drawn: PNG and SVG always, PDF where this gnuplot has pdfcairo.
formats = 'png svg'
if (strstrt(GPVAL_TERMINALS, 'pdfcairo') > 0) formats = formats.' pdf'
havecairo = strstrt(GPVAL_TERMINALS, 'pngcairo') > 0

# Labels are printed as they are (workload names often hold '_').
set termoption noenhanced
set border lw 1.5
set grid ytics lc rgb '#b0b0b0' lw 1 dt 3
set key above horizontal samplen 2 spacing 1.1
set ylabel ylabel
set xlabel xlabel
eval 'set yrange '.yrange
if (xrot != 0) { set xtics rotate by xrot right nomirror } else { set xtics nomirror }

set ytics nomirror
