#!/bin/sh
# Never answers. (The second argument only names the sleeper, so tests can find it.)
exec sh -c 'sleep 60; :' "sleeper$TOKEN"
