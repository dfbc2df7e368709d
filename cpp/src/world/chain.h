// World internals: chain bodies (World::addChain). A chain is a compound body (Body::type Compound, Body::chain set)
// whose parts are its segments in chain order, found through its ChainTree (body_store.h) rather than one by one, so
// that a chain of 10,000 segments costs a moving body the few segments near it. The ghost-vertex rule on contacts
// lives here (the narrow phase applies it); the mover's seam rule (mover.cpp) applies to chains as to any
// neighbouring faces, and asks chainContinues() for a chain's neighbours directly.
#pragma once

#include "world/body_store.h"

#include <collide2d/world.h>

namespace collide2d::world {

/// min over the placed shape of dot(x, e): how far the shape reaches against e (chains' ghost rule, the mover).
double lowestAlong(const Shape& shape, Vec2 e);

/// The ghost-vertex rule (world.h, "Chains"): the contact of chain segment `part` (of the chain's parts, tree t) with
/// the shape `other`, whose normal `n` points out of the chain towards `other` with depth `depth`, is kept when n is
/// the segment's face normal or lies in the vertex region at the segment's end it points past (the region between
/// the two faces' normals at a vertex convex on the side `other` is on; an open end's region is the whole half
/// plane); else n becomes the segment's face normal on that side and depth other's depth below the segment's line
/// along it. Returns whether it changed n.
bool chainGhost(const Part* parts, const ChainTree& t, std::uint32_t part, const Shape& other, Vec2& n, double& depth);

/// Is there a face with outward normal e (within 1e-9) through q (within tol) among chain segment part's neighbours?
bool chainContinues(const Part* parts, const ChainTree& t, std::uint32_t part, Vec2 q, Vec2 e, double tol);

}  // namespace collide2d::world

namespace collide2d::world {

/// For the mover (mover.cpp): a line through a face of a neighbour of chain segment `part` (either side of it) that
/// the placed shape q lies on the outer side of (within rounding) and behind which segment `part` lies (within
/// rounding): it separates q from the segment; the surface q meets there is that face (a convex corner of the chain
/// seen from q's side). e: the line's normal, one the motion d does not go into (d . e >= 0) when there is one.
bool chainSeparates(const Part* parts, const ChainTree& t, std::uint32_t part, const Shape& q, Vec2 d, Vec2& e);

}  // namespace collide2d::world
