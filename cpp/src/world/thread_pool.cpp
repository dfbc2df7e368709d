// World internals: the worker threads (thread_pool.h).
#include "world/thread_pool.h"

#include <algorithm>
#include <cstdint>
#include <new>

namespace collide2d::world {

#if COLLIDE2D_THREADS

std::unique_ptr<ThreadPool> ThreadPool::create(int workers) {
  std::unique_ptr<ThreadPool> pool(new (std::nothrow) ThreadPool());
  if (!pool || workers < 1) return nullptr;
#if defined(__cpp_exceptions)
  try {
#endif
    pool->threads_.reserve(static_cast<std::size_t>(workers));
    for (int k = 0; k < workers; ++k) pool->threads_.emplace_back([p = pool.get(), k] { p->work(k); });
#if defined(__cpp_exceptions)
  } catch (...) {
    return nullptr;  // (the destructor joins the threads already started)
  }
#endif
  return pool;
}

ThreadPool* ThreadPool::shared(int workers) {
  static std::unique_ptr<ThreadPool> pool;  // (never destroyed before exit; guarded by the callers: one thread)
  if (!pool) pool = create(workers);
  return pool.get();
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

int ThreadPool::workers() const { return static_cast<int>(threads_.size()); }

// Tasks are claimed from `ticket_`: the run's generation (high 32 bits) and the next task number (low 32). A worker
// claims only tasks of the run it woke for (a compare-exchange that fails once another run began), so run() waits for
// the tasks to be done, not for every worker to wake: a worker the system has not scheduled yet (a busy machine)
// holds nothing up; when it wakes late it finds its run over and waits again.
void ThreadPool::take(std::uint64_t generation, Task fn, void* ctx, std::size_t tasks) {
  std::uint64_t t = ticket_.load(std::memory_order_relaxed);
  for (;;) {
    if ((t >> 32) != (generation & 0xFFFFFFFFu) || (t & 0xFFFFFFFFu) >= tasks) return;
    if (!ticket_.compare_exchange_weak(t, t + 1, std::memory_order_acquire, std::memory_order_relaxed)) continue;
    fn(ctx, static_cast<std::size_t>(t & 0xFFFFFFFFu));
    if (done_.fetch_add(1, std::memory_order_acq_rel) + 1 == tasks) {
      { std::lock_guard<std::mutex> lock(mutex_); }  // (run() checks done_ under the mutex: no lost wake-up)
      finished_.notify_one();
    }
    t = ticket_.load(std::memory_order_relaxed);
  }
}

void ThreadPool::work(int index) {
  std::uint64_t seen = 0;
  for (;;) {
    Task fn;
    void* ctx;
    std::size_t tasks;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || (generation_ != seen && index < helpers_); });
      if (stop_) return;
      seen = generation_;
      fn = fn_;
      ctx = ctx_;
      tasks = tasks_;
    }
    take(seen, fn, ctx, tasks);
  }
}

// The task's inputs (written before run) and fn_ / ctx_ / tasks_ happen before a worker's wake (the mutex); a task's
// claim acquires the ticket the run released; every task's outputs happen before run returns (done_, acq_rel).
void ThreadPool::run(std::size_t tasks, Task fn, void* ctx, int helpers) {
  helpers = std::clamp(helpers, 0, static_cast<int>(threads_.size()));
  std::uint64_t generation;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    fn_ = fn;
    ctx_ = ctx;
    tasks_ = tasks;
    helpers_ = helpers;
    generation = ++generation_;
    done_.store(0, std::memory_order_relaxed);
    ticket_.store((generation & 0xFFFFFFFFu) << 32, std::memory_order_release);
  }
  if (helpers > 0) wake_.notify_all();
  take(generation, fn, ctx, tasks);
  std::unique_lock<std::mutex> lock(mutex_);
  finished_.wait(lock, [&] { return done_.load(std::memory_order_acquire) == tasks; });
}

#else

std::unique_ptr<ThreadPool> ThreadPool::create(int) { return nullptr; }
ThreadPool* ThreadPool::shared(int) { return nullptr; }
ThreadPool::~ThreadPool() = default;
int ThreadPool::workers() const { return 0; }
void ThreadPool::run(std::size_t tasks, Task fn, void* ctx, int) {
  for (std::size_t t = 0; t < tasks; ++t) fn(ctx, t);
}

#endif

}  // namespace collide2d::world
