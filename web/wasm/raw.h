// collide2d — what bindings.cpp shares with the other binding files (bindings_*.cpp): the scalar area g_io, the two
// shape slots, the scratch buffer and the last rejected argument. Calling convention: see bindings.cpp's header.
#pragma once

#include <collide2d/collide2d.h>

#include <cstdint>

namespace collide2d_raw {
constexpr int kSlot = 8;    // doubles per shape slot in io()
constexpr int kPoint = 16;  // extra inputs
constexpr int kOut = 24;    // results (40 doubles)
double* io();
/// Loads the shape of kind `kind` from io() slot `slot` (polygon points from the scratch buffer) into shape(slot).
collide2d::Status loadShape(int slot, int kind, int start, int count);
const collide2d::Shape& shape(int slot);
/// Records a rejected argument (arg: the JS argument's position; index: element of a batch or -1); returns -1.
int fail(collide2d::Status s, int arg, int index = -1);
/// `bytes` bytes at byteOffset of the scratch buffer, or nullptr when out of bounds.
unsigned char* scratch(std::uint32_t byteOffset, std::uint32_t bytes);
}  // namespace collide2d_raw
