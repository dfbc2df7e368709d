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

/** The chapters, in reading order. */
export const chapters: ChapterDef<any>[] = [
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
];
