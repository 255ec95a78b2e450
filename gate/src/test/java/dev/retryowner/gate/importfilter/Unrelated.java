package dev.retryowner.gate.importfilter;

import java.util.ArrayList;
import java.util.List;

/** Names nothing the rules look for: no catalog type, member or guarded package. */
public class Unrelated {
  List<String> names = new ArrayList<>();

  int count() {
    return names.size();
  }
}
