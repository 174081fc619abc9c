#!/bin/sh
# Sample queries answered by `make run` against the default database.
# usage: samples.sh BIN_DIR
bin=${1:-./bin}
set -e
echo "== sample queries"
run() { echo "\$ godtab-solve $*"; "$bin/godtab-solve" "$@"; }
run pocket "R U R' U'"
run pocket --metric qtm "R U R' U'"
run pocket --json "F R U' R' U' R U R' F' R U R' U' R' F R F'"
run pocket --show --facelets "UUUU RRRR FFFF DDDD LLLL BBBB"
run pocket --facelets "WYRG YBYO GOWR OGYG BWOB RRWB"
run pocket --random 3 --seed 2026
run floppy "R F L B"
run floppy-htm --json --state 4231/1000
echo "\$ printf \"R U2 F'\\\\nU R2 F' x\\\\n\" | godtab-solve pocket --metric qtm"
printf "R U2 F'\nU R2 F' x\n" | "$bin/godtab-solve" pocket --metric qtm
run cube3 --near "R U R' U' F2 D L2 B R2 D' F U2 L B' R D2 F' L"
run cube3 --random 2 --seed 2026
