#!/bin/sh
# Stands for the smpirun of another SimGrid version (launcher version test).
echo "SimGrid version 3.35"
