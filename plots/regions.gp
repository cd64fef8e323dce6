# regions.gp - a model's prediction against one input (hamm mwp --sweep): predicted time
# on top, over shaded bands marking the case of the MWP/CWP model at each value (memory
# bound: CWP >= MWP; compute bound: MWP > CWP; too few warps: MWP = CWP = N), and below,
# on the same x axis, MWP, CWP and N, whose crossing moves the kernel from one band to
# the next, as in Hong & Kim's figures.
# Data columns: 1 value, 2-3 the stretch of the x axis the value stands for (its band),
# 4 plain cycles, 5 cycles with the DRAM efficiency E (NaN without), 6 case (1 memory,
# 2 compute, 3 few warps), 7 MWP, 8 CWP, 9 N, 10 and 11 the bands' tops in each panel.
# `panels` names the cases that occur (only those are in the legend) and "combined" when
# column 5 is there.

has(w) = strstrt(panels, w) > 0
comb = has('combined')
# the E of the combined curve: "E=0.6" in panels, or the x axis itself
etext = 'E on the x axis'
do for [w in panels] { if (w[1:2] eq 'E=') { etext = w[1:1].' = '.w[3:*] } }
# Heights in inches: the legend above (one line per band that occurs and per time
# curve), the time panel, a gap holding the warps panel's legend, the warps panel, the
# x axis; the width one column.
keyrows = has('memory') + has('compute') + has('few-warps') + 1 + comb
keyin = keyrows * 0.15 + 0.07
topin = 1.6
gapin = 0.24
botin = 0.75
xaxisin = 0.42
win = colwidth
hin = keyin + topin + gapin + botin + xaxisin
lm = 0.62 / win     # left margin: room for tic labels like 150k and the axis title
rm = 1 - 0.25 / win  # room for the last x tic label
array band[3] = ['#0072B2', '#D55E00', '#009E73']
# the cases as the model decides them (docs/MWP.md): memory also when Comp > Mem
array bandname[3] = ['memory bound (CWP ≥ MWP, or Comp > Mem)', 'compute bound (MWP > CWP)', \
                     'few warps (MWP = CWP = N)']
array bandkey[3] = ['memory', 'compute', 'few-warps']
bandtitle(i) = has(bandkey[i]) ? bandname[i] : ''
inband(i, v) = (column(6) == i) ? v : NaN
if (xlog) { set logscale x 2 }
# About four labelled tics on the warps axis, whatever its range (a short panel).
stats data using 11 nooutput name 'W'
wstep = 10 ** floor(log10(W_max / 4.0))
wstep = W_max / wstep > 20 ? wstep * 5 : (W_max / wstep > 8 ? wstep * 2 : wstep)
unset grid
set grid ytics lc rgb '#b0b0b0' lw 0.5 dt 3
set style fill transparent solid 0.16 noborder
set xrange [*:*] noextend
set offsets 0, 0, 0, 0

do for [fmt in formats] {
    eval termcmd(fmt)
    set output out.'.'.fmt
    set multiplot
    # top: the time, bands to the top of the range
    set lmargin at screen lm
    set rmargin at screen rm
    set tmargin at screen 1 - keyin / hin
    set bmargin at screen (xaxisin + botin + gapin) / hin
    set key at screen 0.05 / win, screen 1 - 0.02 / hin left top vertical Left reverse \
        samplen 1.5 width -2
    set ylabel ylabel
    unset xlabel
    set format x ''
    set format y '%.0s%c'
    set ytics autofreq
    set yrange [0:*]
    set autoscale yfixmax
    plot for [i=1:3] data using 1:(inband(i, column(10)) / 2):2:3:(0):(inband(i, column(10))) \
             with boxxyerror fc rgb band[i] title bandtitle(i), \
         data using 1:4 with linespoints lw 1.2 pt 7 ps 0.45 lc rgb '#000000' \
             title (comb ? 'predicted time, E = 1' : 'predicted time'), \
         data using 1:5 with linespoints lw 1.2 dt 2 pt 6 ps 0.5 lc rgb '#CC79A7' \
             title (comb ? 'predicted time, '.etext.' (the bands)' : '')
    # bottom: MWP, CWP and N; the same bands, the crossing of MWP and CWP between them
    unset key
    set key at screen lm, screen (xaxisin + botin + gapin * 0.55) / hin left center \
        horizontal Left reverse samplen 1.5 width 1 maxrows 1
    set tmargin at screen (xaxisin + botin) / hin
    set bmargin at screen xaxisin / hin
    set ylabel 'warps'
    set xlabel xlabel
    set format x '%g'
    set format y '%g'
    set ytics wstep
    set yrange [0:*]
    set autoscale ymax
    set autoscale yfixmax
    plot for [i=1:3] data using 1:(inband(i, column(11)) / 2):2:3:(0):(inband(i, column(11))) \
             with boxxyerror fc rgb band[i] notitle, \
         data using 1:7 with linespoints lw 1.2 pt 7 ps 0.4 lc rgb colour[1] title 'MWP', \
         data using 1:8 with linespoints lw 1.2 pt 5 ps 0.4 lc rgb colour[2] title 'CWP', \
         data using 1:9 with lines lw 0.8 dt 3 lc rgb '#555555' title 'N'
    unset multiplot
    set output
}
