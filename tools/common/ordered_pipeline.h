// Items are filled in order, processed on worker threads, and the caller takes them in the
// order they were filled: the shape of every parallel program here (read, work, print in
// input order). Items are reused, and at most `in_flight` exist, which bounds memory.
//
// There is no producer thread: a worker fills the item it will process next (one worker
// at a time, in turn), so the text it reads is in its own core's cache when it processes
// it, and no thread wakes only to hand work over. Waiters sleep on conditions of their
// own, so a change wakes only a thread that can act on it.
#pragma once

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tools {

template <class Item>
class OrderedPipeline {
public:
  struct Slot {
    Item item;
    bool done = false;  // processed
  };

  // produce(Item&) -> bool fills an item, false when there is nothing more (that item is
  // not used); it is never run by two threads at once. process(Item&) runs on a worker.
  template <class Produce, class Process>
  OrderedPipeline(int workers, std::size_t in_flight, Produce produce, Process process) {
    for (std::size_t i = 0; i < in_flight; ++i) free_.push_back(storage_.emplace_back(std::make_unique<Slot>()).get());
    for (int t = 0; t < workers; ++t) workers_.emplace_back([this, produce, process]() mutable { work(produce, process); });
  }

  ~OrderedPipeline() {
    {
      std::lock_guard lock(mutex_);
      stopped_ = true;
    }
    can_fill_.notify_all();
    for (std::thread& worker : workers_) worker.join();
  }

  // The next item in production order, once processed; null when all were taken.
  Slot* next() {
    std::unique_lock lock(mutex_);
    front_done_.wait(lock, [&] { return (!in_order_.empty() && in_order_.front()->done) || (produced_all_ && in_order_.empty()); });
    if (in_order_.empty()) return nullptr;
    Slot* slot = in_order_.front();
    in_order_.pop_front();
    return slot;
  }

  // Gives a taken slot back, to be filled again.
  void recycle(Slot* slot) {
    {
      std::lock_guard lock(mutex_);
      free_.push_back(slot);
    }
    can_fill_.notify_one();
  }

  // Items not yet processed skip processing: the caller no longer needs it.
  void stop_processing() {
    std::lock_guard lock(mutex_);
    skip_processing_ = true;
  }

private:
  template <class Produce, class Process>
  void work(Produce& produce, Process& process) {
    for (;;) {
      Slot* slot;
      {
        std::unique_lock lock(mutex_);
        can_fill_.wait(lock, [&] { return (!free_.empty() && !filling_) || produced_all_ || stopped_; });
        if (produced_all_ || stopped_) return;
        slot = free_.back();
        free_.pop_back();
        filling_ = true;
      }
      slot->done = false;
      bool more = produce(slot->item);
      bool skip;
      {
        std::lock_guard lock(mutex_);
        filling_ = false;
        if (!more) {
          free_.push_back(slot);
          produced_all_ = true;
        } else {
          in_order_.push_back(slot);
        }
        skip = skip_processing_;
      }
      if (!more) {  // every waiter may act on the end
        can_fill_.notify_all();
        front_done_.notify_all();
        return;
      }
      can_fill_.notify_one();  // another worker may fill the next item
      if (!skip) process(slot->item);
      bool front;
      {
        std::lock_guard lock(mutex_);
        slot->done = true;
        front = in_order_.front() == slot;
      }
      if (front) front_done_.notify_one();  // only the caller waits for it, and only for the front
    }
  }

  std::mutex mutex_;
  std::condition_variable can_fill_, front_done_;
  std::vector<std::unique_ptr<Slot>> storage_;
  std::vector<Slot*> free_;
  std::deque<Slot*> in_order_;
  bool filling_ = false, produced_all_ = false, stopped_ = false, skip_processing_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace tools
