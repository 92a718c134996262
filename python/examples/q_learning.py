"""Tabular Q-learning on an 8 x 8 maze, from the agent's view: no deep-learning framework,
a few seconds. The view (radius 8 covers the whole maze from anywhere) is the state; the
maze is kept between episodes (reset option "maze": "keep"), as the start and goal.

    python python/examples/q_learning.py
"""

from collections import defaultdict

import numpy as np

import mazekit.gym

env = mazekit.gym.MazeEnv(width=8, height=8, observation="view", view_radius=8, step_cost=0.01, max_steps=400)
q = defaultdict(lambda: np.zeros(env.action_space.n))
rng = np.random.default_rng(0)
alpha, gamma, epsilon = 0.5, 0.98, 0.2

obs, _ = env.reset(seed=1)
for episode in range(400):
    if episode:
        obs, _ = env.reset(options={"maze": "keep"})
    state, done = obs.tobytes(), False
    while not done:
        action = int(rng.integers(4)) if rng.random() < epsilon else int(np.argmax(q[state]))
        obs, reward, terminated, truncated, _ = env.step(action)
        after = obs.tobytes()
        target = reward + (0.0 if terminated else gamma * q[after].max())
        q[state][action] += alpha * (target - q[state][action])
        state, done = after, terminated or truncated

# The greedy policy walks to the goal.
obs, _ = env.reset(options={"maze": "keep"})
steps, terminated, truncated = 0, False, False
while not (terminated or truncated):
    obs, _, terminated, truncated, info = env.step(int(np.argmax(q[obs.tobytes()])))
    steps += 1
print(f"{len(q)} states learnt; the greedy policy {'reaches the goal' if terminated else 'fails'} in {steps} steps")
