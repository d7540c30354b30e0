"""The demos behind ``python -m pycollide demo``: mini-golf (the default),
billiards and pinball.  They use the library as a user would and are no part
of it: no library module imports this package (tests/test_package.py checks).
"""
