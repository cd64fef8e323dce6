# common.gp - the look every hamm figure shares: sizes, fonts, colours, fill patterns.
# Sizes are those of the printed figure: one column of a two-column paper is 3.3 in
# wide, both columns 7 in; text is 8 points at that size.  The PDF is drawn at that size;
# the PNG and SVG are the same figure at `dpi` pixels per inch, so every image keeps the
# proportions of the printed one.

colwidth = 3.3       # one column, inches
pagewidth = 7.0      # both columns, inches
fontpt = 8           # text size in points on paper
dpi = 240            # PNG and SVG pixels per inch (3.3 in: 792 pixels)
win = colwidth       # this figure's width and height in inches (the templates set them)
hin = 2.2

# Okabe & Ito's colour-blind-safe palette, ordered so that neighbours differ in lightness.
array colour[8] = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', \
                   '#000000', '#F0E442']
# Fill patterns (cairo terminals): 3 solid, 4-7 hatches, 1-2 cross-hatches, so that bars
# stay apart when printed in grey.
array pattern[8] = [3, 4, 5, 1, 6, 7, 2, 0]
# Point shapes for scatter panels and dash types for lines, for the same reason.
array shape[8] = [6, 4, 8, 12, 10, 2, 1, 3]

# The image formats drawn: PNG and SVG always, PDF where this gnuplot has pdfcairo.
formats = 'png svg'
if (strstrt(GPVAL_TERMINALS, 'pdfcairo') > 0) formats = formats.' pdf'
havecairo = strstrt(GPVAL_TERMINALS, 'pngcairo') > 0

# The terminal command of each format: run it with eval, after win and hin are final.
# Cairo draws PNG text at 96 pixels per inch and PDF text at 2/3 of the size asked for
# (measured: the height of a capital H), SVG text in pixels; hence the factors that make
# all three `fontpt` on paper.
pngfont(s) = sprintf("'Sans,%.1f'", s * dpi / 96.0)
termcmd(fmt) = fmt eq 'pdf' \
    ? sprintf("set terminal pdfcairo noenhanced size %.2fin,%.2fin font 'Sans,%g' linewidth 1", \
              win, hin, fontpt * 1.5) \
    : fmt eq 'svg' \
    ? sprintf("set terminal svg noenhanced size %d,%d font %s linewidth %.2f %s", \
              win * dpi, hin * dpi, sprintf("'Sans,%.1f'", fontpt * dpi / 72.0), dpi / 72.0, \
              "background rgb 'white'") \
    : sprintf("set terminal %s noenhanced size %d,%d font %s linewidth %.2f", \
              havecairo ? 'pngcairo' : 'png', win * dpi, hin * dpi, pngfont(fontpt), \
              havecairo ? dpi / 72.0 : 1)
# A text's length in characters as inches on paper (a rough mean glyph width).
chars_in(n) = n * 0.58 * fontpt / 72.0

# Labels are printed as they are (workload names often hold '_').
set termoption noenhanced
set border lw 0.8
set grid ytics lc rgb '#b0b0b0' lw 0.5 dt 3
set key above horizontal samplen 2 spacing 1.1
set ylabel ylabel
set xlabel xlabel
eval 'set yrange '.yrange
# A logarithmic axis for values over orders of magnitude (row locality: 1 to 10^4);
# bars then start at 1.
if (exists("ylog") && ylog) { set logscale y 10 }
set xtics nomirror
set ytics nomirror
set tics scale 0.6
