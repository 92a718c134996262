// maze serve: the page's plain words. Shapes, generators and solvers keep their exact
// names in the API, in links and in downloads; the page shows what people call them, with
// the exact name (and what it does, from /api/list) in a tooltip. A name missing here is
// shown as it is, so a new shape or algorithm still appears.
'use strict';

/// What the page calls each shape (the API's `shape`).
const SHAPE_WORDS = {
  square: 'Square',
  hex: 'Hexagon',
  sigma: 'Hexagon (flat)',
  triangle: 'Triangle',
  polar: 'Circle',
  upsilon: 'Octagon and square',
};

/// What the page calls each generator (the API's `algorithm`): the look of its mazes.
const GENERATOR_WORDS = {
  'recursive-backtracker': 'Classic (long corridors)',
  wilson: 'Uniform',
  'aldous-broder': 'Uniform (slow random walk)',
  kruskal: 'Short dead ends',
  prim: 'Spreading out (many dead ends)',
  'prim-true': 'Short dead ends (grown)',
  'prim-modified': 'Most dead ends',
  'hunt-and-kill': 'Long corridors (wander and hunt)',
  'growing-tree': 'Mixed (growing tree)',
  'binary-tree': 'Diagonal (two open sides)',
  sidewinder: 'Open top row',
  eller: 'Row by row',
  'recursive-division': 'Boxes (straight walls)',
  'quad-division': 'Four rooms (straight walls)',
  'origin-shift': 'Wandering start',
};

/// What the page calls each solver (the API's `solve`).
const SOLVER_WORDS = {
  bfs: 'Shortest way (spread out evenly)',
  'a-star': 'Shortest way (aim at the end)',
  'dead-end-filler': 'Shortest way (fill the dead ends)',
  dfs: 'Go deep first',
  backtracker: 'Walk and step back',
  'wall-follower': 'Left hand on the wall',
  'wall-follower-right': 'Right hand on the wall',
  tremaux: 'Chalk marks',
  pledge: 'Count the turns',
};

/// The page's word for shape `name`.
function shapeWords(name) {
  return SHAPE_WORDS[name] || name;
}

/// The page's word for generator `name`.
function generatorWords(name) {
  return GENERATOR_WORDS[name] || name;
}

/// The page's word for solver `name`.
function solverWords(name) {
  return SOLVER_WORDS[name] || name;
}
