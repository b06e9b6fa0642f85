# Writes file IN as a C byte array NAME (with NAME_len) into header OUT.
file(READ ${IN} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(LENGTH "${hex}" hexlen)
math(EXPR len "${hexlen} / 2")
file(WRITE ${OUT} "/* Generated from ${IN}; do not edit. */\nstatic const unsigned char ${NAME}[] = {${bytes}0x00};\nstatic const unsigned int ${NAME}_len = ${len};\n")
