// The prose of "Moving a character" (HTML): short paragraphs beside small figures, one idea each.
export const CHARACTER_PROSE = `
<h2>A level of tiles</h2>
<p>Platformer levels are drawn on a grid: the floor, the walls and the ceiling are rows and columns of unit tiles.
Here each tile is a static body in a <code>c2.World</code>: an <code>aabb</code>, a <code>box</code> and a square
<code>polygon</code> in turn, laid edge to edge, so that every kind of tile meets every other at a <em>seam</em>. Pause
the figure to see each tile's kind.</p>
<p>y points down, as on the screen: the floor's top is at y = 10 and "up" is −y. The character (a box 0.8 wide and 1
tall) standing on the floor has its centre at y = 9.5, half its height above 10; a normal pointing down, (0, 1),
means "the floor is below me".</p>
<h2>One frame: cast, stop, slide</h2>
<p>Sixty times a second the game decides where the character would like to go: 5 tiles a second sideways while a key
is held, gravity of 30 tiles/s² downwards, 9 tiles/s upwards for a jump. That wish, times 1/60 s, is the frame's
<var>move</var>. The game then asks the world where the character may go:</p>
<pre class="formula">const slide = world.moveAndSlide(hero, from, move);
from = slide.position;             // where it ends
world.rayHit(i)                    // hit i: fraction t, point, normal</pre>
<p><code>moveAndSlide</code> casts the shape along the move (chapter 17's cast, against every body of the world). At the
first hit, at fraction <var>t</var> of the move, it stops; from what is left it removes the part along the hit's
normal, and casts again with the rest: a second <em>leg</em>, sliding along the surface. It never ends inside a body it
started clear of.</p>
<p>Press <b>Pause</b>, then <b>Step</b>: the figure zooms on the character and draws the frame's legs (sky blue, drawn
from the fractions), each hit point (a diamond) and its normal (purple) with its numbers, and the frame's move (grey).
Walking on the floor, gravity presses the character into a floor it already touches: that part of the move is taken
off at once (sometimes listed as a hit at t = 0 with the normal (0, 1), sometimes taken off before the first cast), and
what is left is the walk along the floor. Walk into the stairs or a slope to see a leg end at a hit and the next one
slide.</p>
<p>Whether the character stands on something is, so far, the game's own rule: a hit whose normal's y part exceeds 0.7
(the surface is tilted by less than 45.6°), or a fall that did not happen, is ground: the character may jump, and its
falling speed is reset. The <code>up</code> option below hands that question to the library.</p>
<h2>The seam problem</h2>
<figure class="mini" data-mini="seam"></figure>
<p>Walking along a row of tiles, the character's bottom edge glides exactly along the tiles' tops. At every seam, the
next tile's top-left corner lies exactly on the path of the character's bottom-right corner. A cast that decides
contacts from rounded distances sees two corners meet, reports a hit there, and makes up a normal between the two
features: diagonal. Sliding along that normal lifts the character at every seam, or, when it rests exactly on the
floor, stops it dead. These are <em>ghost collisions</em> at <em>internal edges</em>: edges inside a solid floor that
no one should ever feel. Engines patch them in many ways: Box2D gives level geometry as chains whose segments know
their neighbours, Godot keeps a safe margin and snaps to the floor, others round the character's corners.</p>
<p><code>moveAndSlide</code> removes the cause. It judges every hit against the faces of the tile hit, from the
shapes and the motion, never from a rounded distance. A corner whose face continues, beyond it, as the face of a
neighbouring tile in line with it is no corner at all: the surface there is flat, and the hit takes that face's normal.
Moving along a face or away from it, outside it, is a <em>graze</em>, passed and never followed. So the corners gliding
past each other stop nothing, a hit at the seam has the floor's normal (0, 1), and the character's y stays exactly the
same, bit for bit, all along the floor.</p>
<p>Do not take that on trust: the numbers under the main figure check it while you walk. On every frame that starts on
the ground over flat tiles, the page compares what <code>moveAndSlide</code> returned with the move: the character must
have moved by its whole step sideways (else it is counted as a <b>stall</b>) and its y must not have changed at all
(else a <b>lift</b>). <b>walk the tiles</b> walks right for 100 frames, over eight seams.</p>
<h2>Slopes</h2>
<figure class="mini" data-mini="slopes"></figure>
<p>A slope is a polygon, here a right triangle on the floor: its top edge is tilted by θ, and so is its normal, whose y
part is cos θ: 0.94 at 20°, 0.77 at 40°, 0.5 at 60°. Walking into a slope, the slide keeps the part of the step along
the surface, so the character climbs, more slowly the steeper the slope. Whether a slope holds the character is the
game's rule: with this page's 0.7, the 20° and 40° slopes are ground and the 60° one is not: there gravity keeps
building up against the climb.</p>
<h2>Stairs</h2>
<figure class="mini" data-mini="step"></figure>
<p>A step is a short wall. A box's flat side meets the riser square on, the normal is horizontal, nothing of the step
is left to slide along, and the box stops, however low the step. A round bottom (circle, capsule) meets the step's
corner lower on its curve: the normal tilts, and the slide can carry it up a low step. Games that want boxes to climb
steps do it on purpose (an <em>autostep</em>: try the move raised by at most the step's height, then come back down:
the option <code>autostep</code> below). In the main figure the stairs rise 0.25 every 0.5: switch the character to a capsule or a circle and walk into them.</p>
<h2>The controller's options</h2>
<p>So far <code>moveAndSlide</code> was called bare, and the game decided on its own what is ground. Its options, all
off by default, make it a character controller. Change them here: the figure (still in view) and the code below follow
at once, and the seam counters keep checking.</p>
<div class="slide-options" data-options></div>
<h2>Try this</h2>
<ul>
<li><b>walk the tiles</b> with each character: y and the seam counters under the figure.</li>
<li>Jump under the ceiling (the tiles at y = 7 to 8) and against the right-hand wall: the hits there have the normals
(0, −1) and (1, 0), the tiles' own faces, at every seam.</li>
<li>Pause on a slope and step: the second leg runs along the slope; its hit's normal is the slope's.</li>
<li>Turn on <code>up</code> and a <code>skin</code> of 0.05, then walk the tiles: y is 9.45, and still never
changes.</li>
</ul>`;
