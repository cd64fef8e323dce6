# bars.gp - grouped bars: one group per row of the data file (its first column names the
# group), one bar per further column (the column header is the legend entry).

# One column wide unless a bar would be narrower than 4 points; then both columns.
slots = ngroups * (nseries + 1)
if (slots * 4.0 / 72 + 0.7 > colwidth) { win = pagewidth }
# A legend title too long for one column's plot (gnuplot would warn) widens it too.
if (chars_in(keychars) * 1.15 + 0.5 > colwidth - 0.7) { win = pagewidth }
groupin = (win - 0.7) / ngroups
# Group names level when they fit under their group, else at 45 degrees, else (names so
# long that gnuplot, which reckons a tilted name runs to the right, would warn that it
# cannot make room) upright.
if (xrot < 0) { xrot = (chars_in(labelchars) + 0.08 < groupin) ? 0 : \
                       (chars_in(labelchars) * 0.75 < win / 4 - 0.1 ? 45 : 90) }
if (xrot != 0) { set xtics rotate by xrot right offset (xrot < 90 ? 0.5 : 0), 0 } \
else { set xtics norotate center }
# The legend sits above the plot, never over a bar, in as many columns as fit; one series
# needs none (the axis title says what it is).
# (gnuplot reckons the entries wider than our estimate of the text: allow for that, or it
# wraps them into more rows than the margin holds and the legend covers the bars)
keycols = int((win - 0.4) / (chars_in(keychars) * 1.3 + 0.5))
keycols = keycols < 1 ? 1 : (keycols > nseries ? nseries : keycols)
keyrows = nseries == 1 ? 0 : int((nseries + keycols - 1) / keycols)
set key above horizontal Left reverse samplen 1.5 width -1 maxcols keycols maxrows keyrows
if (nseries == 1) { unset key }
# Height: the bars' own 1.4 in (more when the y axis title is longer), then room for
# the tic labels and x axis title below and the legend above, the margins set to fit.
# A tilted name stands as tall as its length's sine plus its line height's cosine (wide
# letters such as m make short names longer than the estimate: allow one more character).
ticin = xrot == 0 ? 0.2 : chars_in(labelchars + 1) * sin(xrot * pi / 180) + \
                          fontpt / 72.0 * 1.2 * cos(xrot * pi / 180) + 0.06
xtitlein = xlabel ne '' ? 0.2 : 0
keyin = keyrows * 0.16 + 0.08
graphin = chars_in(strlen(ylabel)) + 0.15
if (graphin < 1.4) { graphin = 1.4 }
hin = graphin + ticin + xtitlein + keyin
set bmargin at screen (ticin + xtitlein) / hin
set tmargin at screen 1 - keyin / hin
# Tilted names hang to the left of their group: the left margin holds the first one.
lmin = 0.6
if (xrot != 0) { hang = chars_in(firstchars) * cos(xrot * pi / 180) - 0.6 * groupin + 0.05
                 if (hang > lmin) { lmin = hang } }
set lmargin at screen lmin / win
set rmargin at screen 1 - 0.08 / win

# no frame on top and right: a bar at the top of the range stays visible
set border 3
set style data histograms
set style histogram clustered gap 1
set boxwidth 0.9
set xrange [-0.6:ngroups - 0.4]
# group names need no tic marks (they would stand between the bars)
set xtics scale 0
# The groups that are means over the others (AM, HM) stand apart behind a dashed line.
if (nmeans > 0) { set arrow 1 from ngroups - nmeans - 0.5, graph 0 \
                      to ngroups - nmeans - 0.5, graph 1 nohead dt 2 lw 0.8 lc rgb '#555555' }

# The fill moves on one place each time the colours start again, so that a ninth
# series and later differ from the first eight in fill as well as in position.
fill(k) = pattern[(k + k / 8) % 8 + 1]
do for [fmt in formats] {
    eval termcmd(fmt)
    set output out.'.'.fmt
    plot for [i=1:nseries] data using i+1:xtic(1) title columnheader(i+1) \
         fillstyle pattern fill(i + firststyle - 2) \
         border lc rgb colour[(i+firststyle-2)%8+1] lc rgb colour[(i+firststyle-2)%8+1] lw 0.8
    set output
}
