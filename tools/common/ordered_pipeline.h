// A producer thread fills items, worker threads process them, and the caller takes them
// in the order they were produced: the shape of every parallel program here (read, work,
// print in input order). Items are reused, and at most `in_flight` exist, which bounds memory.
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
  // not used); process(Item&) runs on a worker.
  template <class Produce, class Process>
  OrderedPipeline(int workers, std::size_t in_flight, Produce produce, Process process) {
    for (std::size_t i = 0; i < in_flight; ++i) free_.push_back(storage_.emplace_back(std::make_unique<Slot>()).get());
    producer_ = std::thread([this, produce]() mutable { produce_all(produce); });
    for (int t = 0; t < workers; ++t) workers_.emplace_back([this, process]() mutable { process_all(process); });
  }

  ~OrderedPipeline() {
    {
      std::lock_guard lock(mutex_);
      stopped_ = true;
      changed_.notify_all();
    }
    producer_.join();
    for (std::thread& worker : workers_) worker.join();
  }

  // The next item in production order, once processed; null when all were taken.
  Slot* next() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return (!in_order_.empty() && in_order_.front()->done) || (produced_all_ && in_order_.empty()); });
    if (in_order_.empty()) return nullptr;
    Slot* slot = in_order_.front();
    in_order_.pop_front();
    return slot;
  }

  // Gives a taken slot back, to be filled again.
  void recycle(Slot* slot) {
    std::lock_guard lock(mutex_);
    free_.push_back(slot);
    changed_.notify_all();
  }

  // Items not yet processed skip processing: the caller no longer needs it.
  void stop_processing() {
    std::lock_guard lock(mutex_);
    skip_processing_ = true;
  }

private:
  template <class Produce>
  void produce_all(Produce& produce) {
    for (;;) {
      Slot* slot;
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !free_.empty() || stopped_; });
        if (stopped_) break;
        slot = free_.back();
        free_.pop_back();
      }
      slot->done = false;
      bool more = produce(slot->item);
      std::lock_guard lock(mutex_);
      if (!more) {
        free_.push_back(slot);
        break;
      }
      to_process_.push_back(slot);
      in_order_.push_back(slot);
      changed_.notify_all();
    }
    std::lock_guard lock(mutex_);
    produced_all_ = true;
    changed_.notify_all();
  }

  template <class Process>
  void process_all(Process& process) {
    for (;;) {
      Slot* slot;
      bool skip;
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !to_process_.empty() || produced_all_ || stopped_; });
        if (to_process_.empty() || stopped_) return;
        slot = to_process_.front();
        to_process_.pop_front();
        skip = skip_processing_;
      }
      if (!skip) process(slot->item);
      std::lock_guard lock(mutex_);
      slot->done = true;
      changed_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::unique_ptr<Slot>> storage_;
  std::vector<Slot*> free_;
  std::deque<Slot*> to_process_, in_order_;
  bool produced_all_ = false, stopped_ = false, skip_processing_ = false;
  std::thread producer_;
  std::vector<std::thread> workers_;
};

}  // namespace tools
