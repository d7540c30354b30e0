"""Exact reference for the rotational form of :func:`pycollide.impulse`.

From the rigid-body equations, in Fractions: an impulse ``J`` at a point
changes a body's velocity by ``J / m`` and its angular velocity by
``(r x J) / i`` (``r`` from its centre of mass to the point); the normal
impulse makes the point's relative normal velocity ``-e`` times what it was
(where approaching), then Coulomb friction removes the tangential slip, at
most ``mu`` times the normal impulse.  ``None`` stands for an infinite mass
or inertia.  The normal must be a unit vector given as Fractions.
"""

from fractions import Fraction


def _inv(x):
    return Fraction(0) if x is None else 1 / Fraction(x)


def _cross(r, u):
    return r[0] * u[1] - r[1] * u[0]


def impulse(va, wa, ma, ia, ca, vb, wb, mb, ib, cb, point, n, e, mu):
    """(va, wa, vb, wb) after the impulse, as Fractions."""
    F = Fraction
    va, vb, ca, cb, point, n = ([F(x) for x in v] for v in (va, vb, ca, cb, point, n))
    wa, wb, e, mu = F(wa), F(wb), F(e), F(mu)
    ima, imb, iia, iib = _inv(ma), _inv(mb), _inv(ia), _inv(ib)
    ra = [point[0] - ca[0], point[1] - ca[1]]
    rb = [point[0] - cb[0], point[1] - cb[1]]

    def rel(u):
        pa = [va[0] - wa * ra[1], va[1] + wa * ra[0]]
        pb = [vb[0] - wb * rb[1], vb[1] + wb * rb[0]]
        return (pb[0] - pa[0]) * u[0] + (pb[1] - pa[1]) * u[1]

    def k(u):
        return ima + imb + _cross(ra, u) ** 2 * iia + _cross(rb, u) ** 2 * iib

    def push(j, u):
        nonlocal va, vb, wa, wb
        va = [va[0] - j * u[0] * ima, va[1] - j * u[1] * ima]
        vb = [vb[0] + j * u[0] * imb, vb[1] + j * u[1] * imb]
        wa = wa - _cross(ra, u) * j * iia
        wb = wb + _cross(rb, u) * j * iib

    vn = rel(n)
    jn = -(1 + e) * vn / k(n) if vn < 0 else F(0)
    push(jn, n)
    t = [-n[1], n[0]]
    jt = -rel(t) / k(t)
    jt = max(-mu * jn, min(mu * jn, jt))
    push(jt, t)
    return va, wa, vb, wb


def energy(v, w, m, i):
    """The kinetic energy of a body (an infinite mass or inertia: its part is 0,
    as a static body's)."""
    linear = 0 if m is None else Fraction(m) * (v[0] ** 2 + v[1] ** 2) / 2
    angular = 0 if i is None else Fraction(i) * w**2 / 2
    return linear + angular
