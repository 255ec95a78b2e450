package dev.retryowner.errorprone;

import com.sun.tools.javac.code.Types;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Answers about javac's symbols or names, each computed once per compilation: checks ask about the
 * same few classes and names at every node. Keys are compared by identity, as javac keeps one
 * symbol per class and one name per spelling within a compilation; {@link Types} stands for the
 * compilation, and asking with another one forgets every earlier answer.
 *
 * @param <K> a javac symbol or name
 * @param <V> the answer
 */
final class CompilationMemo<K, V> {
  private final Map<K, V> answers = new IdentityHashMap<>();
  private Types answersFor;

  /** The answer for {@code key} in the compilation of {@code types}, computed on first ask. */
  V get(K key, Types types, Function<? super K, ? extends V> compute) {
    if (types != answersFor) {
      answers.clear();
      answersFor = types;
    }
    V answer = answers.get(key);
    if (answer == null) {
      answer = compute.apply(key);
      answers.put(key, answer);
    }
    return answer;
  }
}
