#!/bin/sh
# Never answers.
sleep 60
