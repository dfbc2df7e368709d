import type { ChapterDef } from '../chapter';
import { aabbChapter, circlesChapter, linesChapter, segmentsChapter } from './basics';
import { circleLineChapter, circleSegmentChapter } from './circleline';
import { boxesChapter, polygonsChapter } from './sat';
import { polygonCircleChapter, rectCircleChapter } from './shapecircle';
import { broadphaseChapter, closestChapter, containsChapter, raycastChapter } from './queries';
import { sweepChapter } from './sweep';
import { capsuleChapter } from './capsule';
import { distanceChapter } from './distance';
import { castChapter } from './cast';
import { manifoldChapter } from './manifold';
import { characterChapter, type CustomChapter } from './character';

/** A chapter with a figure of its own (a game loop instead of shapes to drag). */
export type AnyChapter = ChapterDef<any> | CustomChapter;

/** The chapters, in reading order. */
export const chapters: AnyChapter[] = [
  aabbChapter,
  circlesChapter,
  linesChapter,
  segmentsChapter,
  circleLineChapter,
  circleSegmentChapter,
  rectCircleChapter,
  polygonCircleChapter,
  boxesChapter,
  polygonsChapter,
  sweepChapter,
  containsChapter,
  raycastChapter,
  closestChapter,
  capsuleChapter,
  distanceChapter,
  castChapter,
  manifoldChapter,
  broadphaseChapter,
  characterChapter,
];
