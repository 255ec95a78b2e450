package dev.retryowner.gate.helpers;

import dev.retryowner.catalog.RetryLoopEvidence;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Whether a method of a library on the class path runs the work its caller hands it again after
 * that work failed: a call on the handed-in object ({@code work.call()}), with the same values,
 * inside a try block whose handler leads back to that same call, where the pass that completes
 * does not reach it again (it returns or leaves the loop). A method that hands the work on to
 * such a method, as it is or in a lambda that runs it, re-runs it too. Read from the class files
 * with ASM; a class that cannot be read is no helper.
 */
final class ReRunOfHandedWork {
  /** How many methods deep the work may be handed on. */
  private static final int MAX_HAND_ONS = 4;
  private static final String INTERRUPTION =
      RetryLoopEvidence.INTERRUPTION.replace('.', '/');

  private final ClassLoader classPath;
  private final Map<String, Optional<ClassNode>> classes = new HashMap<>();
  private final Map<String, Optional<ReRun>> answers = new HashMap<>();

  ReRunOfHandedWork(ClassLoader classPath) {
    this.classPath = classPath;
  }

  /**
   * Where the method re-runs the work handed to it as its parameter {@code parameter} (0 for
   * the first one), if it does.
   *
   * @param owner the internal name of the class the call names
   */
  Optional<ReRun> of(String owner, String name, String descriptor, int parameter) {
    return of(owner, name, descriptor, parameter, 0);
  }

  private Optional<ReRun> of(String owner, String name, String descriptor, int parameter,
      int handOns) {
    if (handOns > MAX_HAND_ONS || isJdk(owner)) {
      return Optional.empty();
    }
    String key = owner + '.' + name + descriptor + '#' + parameter;
    Optional<ReRun> known = answers.get(key);
    if (known != null) {
      return known;
    }
    // Asked again while being answered (a recursion): no answer yet, so no re-run.
    answers.put(key, Optional.empty());
    Optional<ReRun> answer = resolve(owner, name, descriptor)
        .flatMap(found -> reRun(found.owner(), found.method(), parameter, handOns));
    answers.put(key, answer);
    return answer;
  }

  private Optional<ReRun> reRun(ClassNode owner, MethodNode method, int parameter, int handOns) {
    Frame<SourceValue>[] frames;
    try {
      frames = new Analyzer<>(new SourceInterpreter()).analyze(owner.name, method);
    } catch (AnalyzerException | RuntimeException unreadable) {
      return Optional.empty();
    }
    HandedWork handed = new HandedWork(method, frames);
    ControlFlow flow = new ControlFlow(method);
    List<AbstractInsnNode> calls = Arrays.stream(method.instructions.toArray())
        .filter(insn -> insn instanceof MethodInsnNode).toList();
    for (AbstractInsnNode insn : calls) {
      MethodInsnNode call = (MethodInsnNode) insn;
      int at = method.instructions.indexOf(call);
      Frame<SourceValue> before = frames[at];
      if (before == null || call.getOpcode() == Opcodes.INVOKESTATIC) {
        continue;
      }
      int arguments = Type.getArgumentTypes(call.desc).length;
      SourceValue receiver = before.getStack(before.getStackSize() - arguments - 1);
      if (handed.parameterOf(receiver).equals(OptionalInt.of(parameter))
          && sameValues(before, arguments, handed) && runsAgainAfterItFails(flow, at)) {
        return Optional.of(new ReRun(owner, method, lineOf(call)));
      }
    }
    for (AbstractInsnNode insn : calls) {
      MethodInsnNode call = (MethodInsnNode) insn;
      Frame<SourceValue> before = frames[method.instructions.indexOf(call)];
      if (before == null || call.name.equals("<init>")) {
        continue;
      }
      int arguments = Type.getArgumentTypes(call.desc).length;
      for (int argument = 0; argument < arguments; argument++) {
        SourceValue value = before.getStack(before.getStackSize() - arguments + argument);
        if (handed.parameterOf(value).equals(OptionalInt.of(parameter))) {
          Optional<ReRun> further = of(call.owner, call.name, call.desc, argument, handOns + 1);
          if (further.isPresent()) {
            return further;
          }
        }
      }
    }
    return Optional.empty();
  }

  private static boolean sameValues(Frame<SourceValue> before, int arguments,
      HandedWork handed) {
    for (int argument = 0; argument < arguments; argument++) {
      if (!handed.isUnchanged(before.getStack(before.getStackSize() - arguments + argument))) {
        return false;
      }
    }
    return true;
  }

  /**
   * A failure of the call leads back to it, and a pass in which it completes does not: the
   * loop leaves on success and turns again only after a failure (a loop that runs the work
   * whatever happened, such as a periodic task, is no retry). An interruption is no failure: a
   * wait swallows it to keep waiting.
   */
  private static boolean runsAgainAfterItFails(ControlFlow flow, int call) {
    return flow.handlersOf(call, INTERRUPTION::equals).stream()
        .anyMatch(handler -> flow.reaches(handler, call))
        && !flow.reachesWithoutFailure(call + 1, call);
  }

  private static int lineOf(AbstractInsnNode insn) {
    for (AbstractInsnNode at = insn; at != null; at = at.getPrevious()) {
      if (at instanceof LineNumberNode line) {
        return line.line;
      }
    }
    return 0;
  }

  /** The method a call runs, looked up in its class and then in the class's supertypes. */
  private Optional<Declared> resolve(String owner, String name, String descriptor) {
    Optional<ClassNode> type = classNamed(owner);
    if (type.isEmpty()) {
      return Optional.empty();
    }
    for (MethodNode method : type.get().methods) {
      if (method.name.equals(name) && method.desc.equals(descriptor)) {
        boolean hasCode = (method.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
        return hasCode ? Optional.of(new Declared(type.get(), method)) : Optional.empty();
      }
    }
    if (type.get().superName != null && !isJdk(type.get().superName)) {
      Optional<Declared> inherited = resolve(type.get().superName, name, descriptor);
      if (inherited.isPresent()) {
        return inherited;
      }
    }
    for (String implemented : type.get().interfaces) {
      Optional<Declared> byDefault = isJdk(implemented) ? Optional.empty()
          : resolve(implemented, name, descriptor);
      if (byDefault.isPresent()) {
        return byDefault;
      }
    }
    return Optional.empty();
  }

  private Optional<ClassNode> classNamed(String internalName) {
    return classes.computeIfAbsent(internalName, name -> {
      try (InputStream in = classPath.getResourceAsStream(name + ".class")) {
        if (in == null) {
          return Optional.empty();
        }
        ClassNode node = new ClassNode();
        new ClassReader(in.readAllBytes()).accept(node, ClassReader.SKIP_FRAMES);
        return Optional.of(node);
      } catch (IOException | RuntimeException unreadable) {
        // A damaged or missing class file of a dependency makes no helper, and stops nothing.
        return Optional.empty();
      }
    });
  }

  /** JDK classes: their retries are the catalog's (the HTTP clients), not found here. */
  static boolean isJdk(String internalName) {
    return internalName.startsWith("java/") || internalName.startsWith("javax/")
        || internalName.startsWith("jdk/") || internalName.startsWith("sun/")
        || internalName.startsWith("com/sun/");
  }

  private record Declared(ClassNode owner, MethodNode method) {}

  /**
   * Where a helper runs the handed work again.
   *
   * @param owner the class that holds the re-running call
   * @param method the method that holds it
   * @param line its line, 0 when the class file has no line numbers
   */
  record ReRun(ClassNode owner, MethodNode method, int line) {
    /** As messages name it: {@code GrpcSyncRetryer#retry (GrpcSyncRetryer.java:58)}. */
    String where() {
      String simpleName = owner.name.substring(owner.name.lastIndexOf('/') + 1);
      String file = owner.sourceFile == null ? simpleName + ".class" : owner.sourceFile;
      return simpleName + "#" + method.name + " (" + file + (line > 0 ? ":" + line : "") + ")";
    }
  }
}
