# Compiler flags shared by c/Makefile and the cffi builder (pycollide/_build.py
# reads this file).  Portable: no -march=native in what pip builds.
#   PC_STD_FLAGS    the language and threads; no semantic interposition
#                   (the position-independent code of the Python extension
#                   may then call and inline the library's own global
#                   functions directly, as a static build does)
#   PC_EXACT_FLAGS  what the exact predicates' error bounds assume: every
#                   operation rounded on its own (no a*b+c contracted into an
#                   fma) and IEEE semantics (no fast-math).  sqrt need not
#                   set errno (nothing here reads it): then it is one
#                   instruction, with no call into libm for an argument it
#                   cannot take, and the same correctly rounded root (this
#                   flag comes after -fno-fast-math, which would turn errno
#                   back on).  The Makefile
#                   appends them after any CFLAGS given (make CFLAGS=... cannot
#                   drop them) and predicates.h refuses to compile with
#                   -ffast-math.
#   PC_WARN_FLAGS   the warnings every build shows: pip's build shows them
#                   (without failing on a compiler that warns where ours
#                   does not); the Makefile adds -Wpedantic and more where
#                   the compiler knows them, and makes them all errors.
#                   (-Wpedantic is not here: cffi's generated module casts
#                   between function and object pointers, which ISO C
#                   forbids and every platform Python runs on allows.)
PC_WARN_FLAGS = -Wall -Wextra
PC_STD_FLAGS = -std=c11 -pthread -fno-strict-aliasing -fno-semantic-interposition
PC_EXACT_FLAGS = -ffp-contract=off -fno-fast-math -fno-math-errno
