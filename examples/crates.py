"""Crates that stack, tumble down a slope and fly fast, with a small
sequential-impulse solver built from pycollide's verbs.

    python examples/crates.py [--frames N] [--picture crates.png]

- ``pc.mass_properties`` gives each crate's mass and moment of inertia;
- ``pc.manifold`` gives up to two contact points per touching pair (with a
  small margin, for speculative contacts), and ``Manifold.features`` the
  ids that carry each point's accumulated impulses from one frame to the
  next (warm starting: what keeps a tall stack standing);
- ``pc.impulse`` (its rotational form, with restitution and friction)
  answers the first impact of a fast crate;
- ``pc.sweep`` with ``rotation`` moves fast, spinning crates without letting
  them pass through the ground: where a crate would move more than a
  quarter of its size in one frame, its turning sweep against the static
  world says when it first touches, and it stops there.

The solver is Box2D-lite's (Erin Catto's "sequential impulses"): per frame
gravity, contacts, warm start, ten iterations of accumulated, clamped
normal and friction impulses, then positions.  Contacts that share no
crate are solved together (a colouring of the contact graph), so every
iteration is a few numpy operations.

The scene: a stack of ten crates on flat ground, five crates dropped turned
onto a slope (they tumble and slide down), and two thrown fast and
spinning at the slope.  Run by the test suite (tests/test_examples.py):
the stack comes to rest and stays standing for 600 frames, no crate ends
inside the ground or the slope, and the picture of the final state is drawn.
"""

from __future__ import annotations

import argparse
import sys
from typing import Dict, List, Optional, Tuple

import numpy as np

import pycollide as pc

DT = 1 / 60
GRAVITY = np.array([0.0, -10.0])
ITERATIONS = 10
FRICTION = 0.6
MARGIN = 0.02  # speculative contacts: points up to this far apart
SLOP = 0.005  # penetration left alone
BETA = 0.2  # the share of the deeper penetration corrected per frame
FAST = 0.25  # a crate moving more than this share of its half size per frame is swept

#: the static world: flat ground and a slope rising to the left
GROUND = pc.Polygons([[[-30.0, -1.0], [30.0, -1.0], [30.0, 0.0], [-30.0, 0.0]]])
SLOPE = pc.Polygons([[[-30.0, 0.0], [-10.0, 0.0], [-30.0, 10.0]]])
STATICS = [GROUND, SLOPE]


class Crates:
    """Rigid boxes: centres, angles, velocities, half sizes, mass properties."""

    def __init__(self, centre: np.ndarray, half: np.ndarray, angle: np.ndarray, velocity: np.ndarray, spin: np.ndarray):
        self.centre = np.array(centre, dtype=float)
        self.half = np.array(half, dtype=float)
        self.angle = np.array(angle, dtype=float)
        self.velocity = np.array(velocity, dtype=float)
        self.spin = np.array(spin, dtype=float)
        local = pc.Boxes(np.concatenate([-self.half, self.half], axis=1))
        props = pc.mass_properties(local, density=1.0)
        self.mass = np.asarray(props.mass)
        self.inertia = np.asarray(props.inertia)

    def shapes(self) -> pc.Polygons:
        return pc.Polygons.from_box(self.centre, self.half, self.angle)


def scene() -> Tuple[Crates, slice]:
    """Ten crates stacked on the ground, five turned above the slope, two thrown fast."""
    # alternately wide and narrow: no two corners meet exactly (where they
    # do, either face may be the reference and the ids may change)
    stack = [([5.0, 0.5 + i * 1.0], [0.5 if i % 2 == 0 else 0.4, 0.5], 0.0, [0.0, 0.0], 0.0) for i in range(10)]
    rng = np.random.default_rng(7)
    tumbling = [
        ([-24.0 + 3.0 * k, 9.5 - 1.5 * k + 3.0], [0.6, 0.4], float(rng.uniform(0, np.pi)), [0.0, 0.0], 0.0)
        for k in range(5)
    ]
    fast = [([-2.0, 6.0], [0.4, 0.4], 0.3, [-60.0, -35.0], 25.0), ([14.0, 9.0], [0.5, 0.3], 0.0, [-8.0, -90.0], -40.0)]
    rows = stack + tumbling + fast
    crates = Crates(*(np.array([r[i] for r in rows]) for i in range(5)))
    return crates, slice(0, 10)


def contacts(crates: Crates) -> Dict[str, np.ndarray]:
    """Every contact point: the two bodies (-1 for the static world), the
    point, the normal (from the first body toward the second), the
    separation and the id (both bodies' features)."""
    shapes = crates.shapes()
    n = len(shapes)
    rows: List[Tuple[np.ndarray, ...]] = []
    upper = np.triu(np.ones((n, n), dtype=bool), 1)
    m = pc.manifold(shapes[:, None], shapes[None, :], MARGIN)
    i, j = np.nonzero(upper & (m.count > 0))
    rows.append((i, j, m, (i, j), 0))
    for s, static in enumerate(STATICS):
        ms = pc.manifold(shapes, static, MARGIN)
        k = np.flatnonzero(ms.count > 0)
        rows.append((k, np.full(len(k), -1 - s), ms, (k,), s + 1))
    out: Dict[str, list] = {key: [] for key in ("a", "b", "point", "normal", "sep", "key")}
    for a, b, man, index, tag in rows:
        for slot in (0, 1):
            count = man.count[index]
            keep = count > slot
            out["a"].append(a[keep])
            out["b"].append(b[keep])
            out["point"].append(man.points[index][keep, slot])
            out["normal"].append(man.normal[index][keep])
            out["sep"].append(man.separations[index][keep, slot])
            f = man.features[index][keep, slot].astype(np.int64)
            # the id: both bodies and both features
            out["key"].append((a[keep] * 64 + (b[keep] + 8)) * 1_000_000 + tag * 100_000 + f[:, 0] * 100 + f[:, 1])
    return {key: np.concatenate(v) if v else np.zeros(0) for key, v in out.items()}


def colours(a: np.ndarray, b: np.ndarray) -> List[np.ndarray]:
    """Groups of contacts that share no crate (static bodies are shared freely)."""
    left = list(range(len(a)))
    groups = []
    while left:
        used, group, rest = set(), [], []
        for c in left:
            bodies = {int(a[c])} | ({int(b[c])} if b[c] >= 0 else set())
            if bodies & used:
                rest.append(c)
            else:
                used |= bodies
                group.append(c)
        groups.append(np.array(group))
        left = rest
    return groups


def _cross(r: np.ndarray, u: np.ndarray) -> np.ndarray:
    return r[..., 0] * u[..., 1] - r[..., 1] * u[..., 0]


def _perp(w: np.ndarray, r: np.ndarray) -> np.ndarray:
    return np.stack([-w * r[:, 1], w * r[:, 0]], axis=-1)


def solve(
    crates: Crates, c: Dict[str, np.ndarray], warm: Dict[int, Tuple[float, float]]
) -> Dict[int, Tuple[float, float]]:
    """Accumulated, clamped impulses at every contact, warm started by id."""
    a, b = c["a"].astype(int), c["b"].astype(int)
    if not len(a):
        return {}
    dyn_b = b >= 0
    bb = np.where(dyn_b, b, 0)
    inv_m = 1.0 / crates.mass
    inv_i = 1.0 / crates.inertia
    ima, imb = inv_m[a], np.where(dyn_b, inv_m[bb], 0.0)
    iia, iib = inv_i[a], np.where(dyn_b, inv_i[bb], 0.0)
    n = c["normal"]
    t = np.stack([-n[:, 1], n[:, 0]], axis=-1)
    ra = c["point"] - crates.centre[a]
    rb = c["point"] - np.where(dyn_b[:, None], crates.centre[bb], c["point"])
    kn = ima + imb + _cross(ra, n) ** 2 * iia + _cross(rb, n) ** 2 * iib
    kt = ima + imb + _cross(ra, t) ** 2 * iia + _cross(rb, t) ** 2 * iib
    sep = c["sep"]
    # speculative (apart): close at most the gap this frame; inside: push out a share of the depth
    bias = np.where(sep > 0, sep / DT, BETA / DT * np.minimum(0.0, sep + SLOP))
    lam_n = np.array([warm.get(int(k), (0.0, 0.0))[0] for k in c["key"]])
    lam_t = np.array([warm.get(int(k), (0.0, 0.0))[1] for k in c["key"]])
    v, w = crates.velocity, crates.spin

    def apply(idx: np.ndarray, p: np.ndarray) -> None:
        """The impulses p (one per contact of idx) onto b, and minus them onto a."""
        ai, bi, dyn = a[idx], bb[idx], dyn_b[idx]
        np.add.at(v, ai, -p * ima[idx, None])
        np.add.at(w, ai, -_cross(ra[idx], p) * iia[idx])
        np.add.at(v, bi[dyn], p[dyn] * imb[idx][dyn, None])
        np.add.at(w, bi[dyn], _cross(rb[idx][dyn], p[dyn]) * iib[idx][dyn])

    def relative(idx: np.ndarray) -> np.ndarray:
        """The velocity of b relative to a at each contact of idx."""
        ai, bi, dyn = a[idx], bb[idx], dyn_b[idx]
        va = v[ai] + _perp(w[ai], ra[idx])
        vb = np.where(dyn[:, None], v[bi] + _perp(w[bi], rb[idx]), 0.0)
        return vb - va

    everything = np.arange(len(a))
    apply(everything, lam_n[:, None] * n + lam_t[:, None] * t)  # warm start
    groups = colours(a, b)
    for _ in range(ITERATIONS):
        for idx in groups:
            vn = np.sum(relative(idx) * n[idx], axis=-1)
            new = np.maximum(lam_n[idx] - (vn + bias[idx]) / kn[idx], 0.0)
            d_n, lam_n[idx] = new - lam_n[idx], new
            apply(idx, d_n[:, None] * n[idx])
            vt = np.sum(relative(idx) * t[idx], axis=-1)
            bound = FRICTION * lam_n[idx]
            new = np.clip(lam_t[idx] - vt / kt[idx], -bound, bound)
            d_t, lam_t[idx] = new - lam_t[idx], new
            apply(idx, d_t[:, None] * t[idx])
    return {int(k): (float(x), float(y)) for k, x, y in zip(c["key"], lam_n, lam_t)}


def fast_moves(crates: Crates) -> np.ndarray:
    """Crates fast enough to pass through something in one frame: their
    turning sweeps against the static world; where one hits, it moves only
    to the time of impact and bounces off with pc.impulse.  Returns which
    were swept."""
    speed = np.hypot(*crates.velocity.T) + np.abs(crates.spin) * np.hypot(*crates.half.T)
    fast = np.flatnonzero(speed * DT > FAST * crates.half.min(axis=1))
    if not len(fast):
        return fast
    shapes = crates.shapes()[fast]
    # the first hit over the static pieces (each a shape: the sweep's C path)
    hits = [pc.sweep(shapes, crates.velocity[fast] * DT, s, rotation=crates.spin[fast] * DT) for s in STATICS]
    which = np.argmin(np.stack([h.time for h in hits]), axis=0)
    rows = np.arange(len(fast))
    time = np.stack([h.time for h in hits])[which, rows]
    normal = np.stack([h.normal for h in hits])[which, rows]
    point = np.stack([h.point for h in hits])[which, rows]
    # touching already and not moving into it (resting, sliding along): it moves as the others
    into = np.sum(crates.velocity[fast] * normal, axis=-1) < 0
    t = np.where((time == 0) & ~into, 1.0, time)
    crates.centre[fast] += t[:, None] * crates.velocity[fast] * DT
    crates.angle[fast] += t * crates.spin[fast] * DT
    touched = ~np.isnan(normal[:, 0]) & (t < 1)
    if touched.any():
        k = fast[touched]
        va, wa, _, _ = pc.impulse(
            crates.velocity[k], [0.0, 0.0], crates.mass[k], np.inf, 0.0 - normal[touched], 0.2,
            friction=FRICTION, point=point[touched], ca=crates.centre[k], cb=point[touched],
            wa=crates.spin[k], ia=crates.inertia[k], ib=np.inf,
        )  # fmt: skip
        crates.velocity[k], crates.spin[k] = va, wa
    return fast


def step(crates: Crates, warm: Dict[int, Tuple[float, float]], ccd: bool = True) -> Dict[int, Tuple[float, float]]:
    crates.velocity += GRAVITY * DT
    warm = solve(crates, contacts(crates), warm)
    swept = fast_moves(crates) if ccd else np.zeros(0, dtype=int)
    rest = np.setdiff1d(np.arange(len(crates.mass)), swept)
    crates.centre[rest] += crates.velocity[rest] * DT
    crates.angle[rest] += crates.spin[rest] * DT
    return warm


def depth_in_statics(crates: Crates) -> float:
    """The deepest penetration of any crate into the ground or the slope."""
    shapes = crates.shapes()
    worst = 0.0
    for static in STATICS:
        c = pc.contact(shapes, static)
        worst = max(worst, float(-np.min(c.separation, initial=0.0)))
    return worst


def run(frames: int = 900, picture: Optional[str] = None, quiet: bool = False, ccd: bool = True) -> Dict[str, float]:
    """Simulate; return what the checks need (and draw the final state).
    ``ccd=False`` moves fast crates like the others (to see them tunnel)."""
    crates, stack = scene()
    warm: Dict[int, Tuple[float, float]] = {}
    rest_from = frames - 600
    start: Optional[np.ndarray] = None
    drift = tilt = deepest = 0.0
    for frame in range(frames):
        warm = step(crates, warm, ccd)
        deepest = max(deepest, depth_in_statics(crates))
        if frame == rest_from:
            start = crates.centre[stack].copy()
        if start is not None:
            drift = max(drift, float(np.abs(crates.centre[stack] - start).max()))
            tilt = max(tilt, float(np.abs(np.angle(np.exp(1j * crates.angle[stack]))).max()))
        if not quiet and frame % 100 == 0:
            print(f"frame {frame:4d}: top of the stack at y = {crates.centre[stack][-1, 1]:.3f}", file=sys.stderr)
    result = {
        "drift": drift,
        "tilt": tilt,
        "deepest": deepest,
        "top": float(crates.centre[stack][-1, 1]),
        "lowest": float(crates.centre[:, 1].min()),  # below -1: through the ground
        "speed": float(np.abs(crates.velocity[stack]).max()),
    }
    if picture:
        draw(crates, picture)
    return result


def draw(crates: Crates, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pycollide import plotting

    fig, ax = plt.subplots(figsize=(10, 4))
    plotting.plot(pc.World(GROUND, SLOPE), ax, facecolor="0.8", edgecolor="0.4")
    plotting.plot(crates.shapes(), ax, facecolor="#d9a441", edgecolor="#7a5513")
    ax.set_xlim(-31, 21)
    ax.set_ylim(-1.5, 12)
    ax.set_aspect("equal")
    ax.set_title("crates: a stack of ten at rest, five tumbled down the slope, two thrown fast")
    fig.savefig(path, dpi=90, bbox_inches="tight")
    plt.close(fig)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=900)
    parser.add_argument("--picture", default="crates.png")
    args = parser.parse_args(argv)
    r = run(args.frames, args.picture)
    print(
        f"stack: drift {r['drift']:.4f}, tilt {r['tilt']:.4f} rad over the last 600 frames; top at y = {r['top']:.3f}; "
        f"deepest into the ground or slope {r['deepest']:.4f}; picture {args.picture}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
