package dev.retryowner.gate.amplification;

import dev.retryowner.catalog.Catalog;
import dev.retryowner.catalog.CatalogEntry;
import dev.retryowner.catalog.EntryKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Reads a class file's methods into {@link ClassCode}: their calls with the lambdas each is
 * handed, the bounds of their counters, and the attempt counts they pass or store. Where a value
 * comes from (a lambda handed through a local, a constant handed to a builder) is answered by
 * ASM's {@link SourceInterpreter}, run only on the methods that have such a question whose answer
 * can matter: a lambda handed to a class that holds a retry layer, a counter in such a class, an
 * attempt setter, a client, and the kinds of job handlers registered with a known kind field.
 */
public final class ClassCodeReader {
  private static final String LAMBDA_FACTORY = "java/lang/invoke/LambdaMetafactory";
  /** How far back through locals, casts and call chains a value's origin is followed. */
  private static final int ORIGIN_STEPS = 64;
  /** The smallest counter bound that makes a retry: 2 attempts. */
  private static final int SMALLEST_BOUND = 2;
  private static final int LARGEST_BOUND = 1000;

  /** The {@code attempts-argument} entries, by owner's internal name and method name. */
  private final Map<String, Map<String, CatalogEntry>> attemptArguments;
  /** The {@code client-call} types, by internal name. */
  private final Set<String> clientTypes;
  /** The classes holding a retry layer, by internal name. */
  private final Set<String> layerClasses;
  /** The static fields holding a job kind with a known policy ({@code owner#name}, binary). */
  private final Set<String> kindFields;

  private ClassCodeReader(Map<String, Map<String, CatalogEntry>> attemptArguments,
      Set<String> clientTypes, Set<String> layerClasses, Set<String> kindFields) {
    this.attemptArguments = attemptArguments;
    this.clientTypes = clientTypes;
    this.layerClasses = layerClasses;
    this.kindFields = kindFields;
  }

  /**
   * A reader that knows the {@code attempts-argument} and {@code client-call} entries of {@code
   * catalog}, the classes holding a retry layer ({@code layerClasses}, binary names) and the
   * static fields holding a job kind with a known policy ({@code kindFields}, {@code
   * owner#name}); registrations are read only where such a field is.
   */
  public static ClassCodeReader of(Catalog catalog, Set<String> layerClasses,
      Set<String> kindFields) {
    Map<String, Map<String, CatalogEntry>> byOwner = new HashMap<>();
    Set<String> clientTypes = new HashSet<>();
    for (CatalogEntry entry : catalog.entries()) {
      if (entry.kind() == EntryKind.ATTEMPTS_ARGUMENT) {
        byOwner.computeIfAbsent(entry.typeName().replace('.', '/'), o -> new HashMap<>())
            .putIfAbsent(entry.memberName(), entry);
      } else if (entry.kind() == EntryKind.CLIENT_CALL) {
        clientTypes.add(entry.typeName().replace('.', '/'));
      }
    }
    Set<String> layers = new HashSet<>();
    layerClasses.forEach(name -> layers.add(name.replace('.', '/')));
    return new ClassCodeReader(byOwner, Set.copyOf(clientTypes), Set.copyOf(layers),
        Set.copyOf(kindFields));
  }

  public ClassCode read(byte[] bytes) {
    ClassNode node = new ClassNode();
    new ClassReader(bytes).accept(node, ClassReader.SKIP_FRAMES);
    List<String> supertypes = new ArrayList<>();
    if (node.superName != null) {
      supertypes.add(binaryName(node.superName));
    }
    node.interfaces.forEach(i -> supertypes.add(binaryName(i)));
    String name = binaryName(node.name);
    List<MethodCode> methods = new ArrayList<>();
    Set<String> staticFieldOwners = new HashSet<>();
    for (MethodNode method : node.methods) {
      methods.add(read(node, name, method));
      for (AbstractInsnNode insn : method.instructions) {
        if (insn instanceof FieldInsnNode field && field.getOpcode() == Opcodes.GETSTATIC) {
          staticFieldOwners.add(binaryName(field.owner));
        }
      }
    }
    return new ClassCode(name, supertypes, sourcePath(node), methods,
        Set.copyOf(staticFieldOwners));
  }

  private MethodCode read(ClassNode owner, String ownerName, MethodNode method) {
    MethodId id = new MethodId(ownerName, method.name, method.desc);
    AbstractInsnNode[] code = method.instructions.toArray();
    int[] lines = lines(code);
    int first = 0;
    int last = 0;
    for (int line : lines) {
      if (line > 0) {
        first = first == 0 ? line : Math.min(first, line);
        last = Math.max(last, line);
      }
    }
    Frame<SourceValue>[] frames =
        needsOrigins(owner.name, code) ? frames(owner.name, method) : null;
    Origins origins = new Origins(code, frames);
    List<MethodCode.Call> calls = new ArrayList<>();
    Set<Integer> handed = new HashSet<>();
    Set<Integer> bounds = new TreeSet<>();
    List<MethodCode.AttemptSetting> settings = new ArrayList<>();
    Map<AbstractInsnNode, OptionalInt> settingAt = new HashMap<>();
    List<MethodCode.Registration> registrations = new ArrayList<>();
    List<MethodCode.FieldAttempts> fieldAttempts = new ArrayList<>();
    List<MethodCode.ClientStore> clientStores = new ArrayList<>();
    Set<Integer> incremented = new HashSet<>();
    for (AbstractInsnNode insn : code) {
      if (insn instanceof IincInsnNode iinc && iinc.incr != 0) {
        incremented.add(iinc.var);
      }
    }
    for (int i = 0; i < code.length; i++) {
      if (code[i] instanceof MethodInsnNode call) {
        CatalogEntry setting = attemptArgument(call);
        if (setting != null) {
          int index = setting.attemptsArgumentIndex();
          int arguments = Type.getArgumentTypes(call.desc).length;
          OptionalInt attempts = index < arguments
              ? origins.constant(i, arguments - 1 - index) : OptionalInt.empty();
          settingAt.put(call, attempts);
          settings.add(new MethodCode.AttemptSetting(lines[i], setting.typeName(),
              setting.library(), attempts));
        }
      }
    }
    for (int i = 0; i < code.length; i++) {
      AbstractInsnNode insn = code[i];
      if (insn instanceof MethodInsnNode call) {
        int arguments = Type.getArgumentTypes(call.desc).length;
        List<MethodId> callbacks = new ArrayList<>();
        List<Set<AbstractInsnNode>> argumentOrigins = new ArrayList<>();
        boolean forwardsParameter = false;
        for (int depth = 0; depth < arguments; depth++) {
          forwardsParameter |= origins.isParameter(i, depth, parameterSlots(method));
          Set<AbstractInsnNode> from = origins.of(i, depth);
          argumentOrigins.add(from);
          for (AbstractInsnNode origin : from) {
            lambdaBody(origin).ifPresent(body -> {
              callbacks.add(body);
              handed.add(origins.indexOf(origin));
            });
          }
        }
        boolean onInstance = call.getOpcode() == Opcodes.INVOKEVIRTUAL
            || call.getOpcode() == Opcodes.INVOKEINTERFACE;
        MethodCode.Source receiver = onInstance && clientTypes.contains(call.owner)
            ? source(origins.of(i, arguments)) : MethodCode.Source.UNKNOWN;
        calls.add(new MethodCode.Call(lines[i], new MethodId(binaryName(call.owner), call.name,
            call.desc), List.copyOf(callbacks), false, onInstance, receiver, forwardsParameter));
        registration(lines[i], argumentOrigins, settingAt).ifPresent(registrations::add);
      } else if (insn instanceof JumpInsnNode jump && isIntComparison(jump.getOpcode())) {
        counterBound(origins, i, incremented).ifPresent(bounds::add);
      } else if (insn instanceof FieldInsnNode store && isClientStore(store)) {
        clientStores.add(new MethodCode.ClientStore(binaryName(store.owner) + "#" + store.name,
            source(origins.of(i, 0))));
      }
      if (insn instanceof FieldInsnNode field && field.getOpcode() == Opcodes.PUTSTATIC
          && field.owner.equals(owner.name)) {
        for (AbstractInsnNode origin : origins.of(i, 0)) {
          OptionalInt attempts = settingAt.getOrDefault(origin, OptionalInt.empty());
          if (attempts.isPresent()) {
            fieldAttempts.add(new MethodCode.FieldAttempts(field.name, attempts.getAsInt()));
          }
        }
      }
    }
    for (int i = 0; i < code.length; i++) {
      if (!handed.contains(i)) {
        int line = lines[i];
        lambdaBody(code[i]).ifPresent(body ->
            calls.add(new MethodCode.Call(line, body, List.of(), true, false,
                MethodCode.Source.UNKNOWN, false)));
      }
    }
    return new MethodCode(id, method.access, first, last, List.copyOf(calls), Set.copyOf(bounds),
        List.copyOf(settings), List.copyOf(registrations), List.copyOf(fieldAttempts),
        List.copyOf(clientStores));
  }

  /** A store into a field whose declared type is a client type. */
  private boolean isClientStore(FieldInsnNode field) {
    return (field.getOpcode() == Opcodes.PUTFIELD || field.getOpcode() == Opcodes.PUTSTATIC)
        && field.desc.startsWith("L") && clientTypes.contains(
            field.desc.substring(1, field.desc.length() - 1));
  }

  /** The fields read and the calls made on the way to a value. */
  private static MethodCode.Source source(Set<AbstractInsnNode> origins) {
    Set<String> fields = new LinkedHashSet<>();
    Set<MethodId> producedBy = new LinkedHashSet<>();
    for (AbstractInsnNode origin : origins) {
      if (origin instanceof FieldInsnNode field && (field.getOpcode() == Opcodes.GETFIELD
          || field.getOpcode() == Opcodes.GETSTATIC)) {
        fields.add(binaryName(field.owner) + "#" + field.name);
      } else if (origin instanceof MethodInsnNode call) {
        producedBy.add(new MethodId(binaryName(call.owner), call.name, call.desc));
      } else if (origin instanceof TypeInsnNode type && type.getOpcode() == Opcodes.NEW) {
        // The constructor call consumed the duplicate; the value on the stack is the NEW's.
        producedBy.add(new MethodId(binaryName(type.desc), "<init>", ""));
      }
    }
    return fields.isEmpty() && producedBy.isEmpty() ? MethodCode.Source.UNKNOWN
        : new MethodCode.Source(Set.copyOf(fields), Set.copyOf(producedBy));
  }

  private CatalogEntry attemptArgument(MethodInsnNode call) {
    Map<String, CatalogEntry> byName = attemptArguments.get(call.owner);
    return byName == null ? null : byName.get(call.name);
  }

  /**
   * A call that hands over a new object in one argument and an attempt count in another (its
   * own constant setting, or a static field), as a job handler is registered for its kind.
   */
  private static Optional<MethodCode.Registration> registration(int line,
      List<Set<AbstractInsnNode>> argumentOrigins, Map<AbstractInsnNode, OptionalInt> settingAt) {
    if (argumentOrigins.size() < 2) {
      return Optional.empty();
    }
    Set<String> constructed = new LinkedHashSet<>();
    Set<String> fields = new LinkedHashSet<>();
    Set<Integer> attempts = new LinkedHashSet<>();
    for (Set<AbstractInsnNode> from : argumentOrigins) {
      for (AbstractInsnNode origin : from) {
        if (origin instanceof TypeInsnNode type && type.getOpcode() == Opcodes.NEW) {
          constructed.add(binaryName(type.desc));
        } else if (origin instanceof FieldInsnNode field
            && field.getOpcode() == Opcodes.GETSTATIC) {
          fields.add(binaryName(field.owner) + "#" + field.name);
        } else if (settingAt.containsKey(origin)) {
          settingAt.get(origin).ifPresent(attempts::add);
        }
      }
    }
    return !constructed.isEmpty() && (!fields.isEmpty() || !attempts.isEmpty())
        ? Optional.of(new MethodCode.Registration(line, constructed, fields, attempts))
        : Optional.empty();
  }

  /** The constant an incremented local is compared with at this jump, if that is what it does. */
  private static OptionalInt counterBound(Origins origins, int jump, Set<Integer> incremented) {
    if (incremented.isEmpty()) {
      return OptionalInt.empty();
    }
    for (int depth = 0; depth < 2; depth++) {
      OptionalInt constant = origins.constant(jump, depth);
      if (constant.isPresent() && constant.getAsInt() >= SMALLEST_BOUND
          && constant.getAsInt() <= LARGEST_BOUND
          && origins.isLoadOfAny(jump, 1 - depth, incremented)) {
        return constant;
      }
    }
    return OptionalInt.empty();
  }

  private static boolean isIntComparison(int opcode) {
    return opcode >= Opcodes.IF_ICMPEQ && opcode <= Opcodes.IF_ICMPLE;
  }

  /**
   * True if a question about where a value comes from arises in the method and its answer can
   * matter: it calls an attempt setter or a client, or stores a client; it calls a class holding
   * a retry layer (which may run a lambda or a parameter handed to it again); it compares an
   * incremented counter in such a class (a loop's bound); or it constructs something beside
   * reading a kind field (a registration).
   */
  private boolean needsOrigins(String owner, AbstractInsnNode[] code) {
    boolean layerClass = layerClasses.contains(owner);
    boolean increments = false;
    boolean compares = false;
    boolean callsLayer = false;
    boolean constructs = false;
    boolean readsKind = false;
    for (AbstractInsnNode insn : code) {
      if (insn instanceof MethodInsnNode call) {
        if (attemptArgument(call) != null || clientTypes.contains(call.owner)) {
          return true;
        }
        callsLayer |= layerClasses.contains(call.owner);
      } else if (insn instanceof FieldInsnNode field) {
        if (isClientStore(field)) {
          return true;
        }
        readsKind |= field.getOpcode() == Opcodes.GETSTATIC
            && kindFields.contains(binaryName(field.owner) + "#" + field.name);
      }
      constructs |= insn.getOpcode() == Opcodes.NEW;
      increments |= insn instanceof IincInsnNode;
      compares |= insn instanceof JumpInsnNode && isIntComparison(insn.getOpcode());
    }
    return callsLayer || layerClass && increments && compares || constructs && readsKind;
  }

  @SuppressWarnings("unchecked")
  private static Frame<SourceValue>[] frames(String owner, MethodNode method) {
    try {
      return new Analyzer<>(new SourceInterpreter()).analyze(owner, method);
    } catch (AnalyzerException | RuntimeException e) {
      return null; // answered as "origin unknown": no callback, no constant
    }
  }

  /** The body of the lambda or the method a method reference names, if the insn creates one. */
  private static Optional<MethodId> lambdaBody(AbstractInsnNode insn) {
    if (insn instanceof InvokeDynamicInsnNode indy
        && indy.bsm.getOwner().equals(LAMBDA_FACTORY) && indy.bsmArgs.length > 1
        && indy.bsmArgs[1] instanceof Handle body) {
      return Optional.of(new MethodId(binaryName(body.getOwner()), body.getName(),
          body.getDesc()));
    }
    return Optional.empty();
  }

  /** The local variable slots of the method's parameters, {@code this} left out. */
  private static int[] parameterSlots(MethodNode method) {
    int first = (method.access & Opcodes.ACC_STATIC) == 0 ? 1 : 0;
    return new int[] {first, first + (Type.getArgumentsAndReturnSizes(method.desc) >> 2) - 1};
  }

  private static int[] lines(AbstractInsnNode[] code) {
    int[] lines = new int[code.length];
    int line = 0;
    for (int i = 0; i < code.length; i++) {
      if (code[i] instanceof LineNumberNode number) {
        line = number.line;
      }
      lines[i] = line;
    }
    return lines;
  }

  private static String sourcePath(ClassNode node) {
    if (node.sourceFile == null) {
      return "";
    }
    int slash = node.name.lastIndexOf('/');
    return (slash < 0 ? "" : node.name.substring(0, slash + 1)) + node.sourceFile;
  }

  static String binaryName(String internalName) {
    return internalName.replace('/', '.');
  }

  /**
   * Where the values on a method's operand stack come from, followed back through locals, casts,
   * duplicates and the receivers and arguments of calls (a builder chain), so that the lambda
   * handed through a variable and the constant handed to a builder's setter are found.
   */
  private static final class Origins {
    private final Frame<SourceValue>[] frames;
    private final Map<AbstractInsnNode, Integer> index = new HashMap<>();

    Origins(AbstractInsnNode[] code, Frame<SourceValue>[] frames) {
      this.frames = frames;
      if (frames != null) {
        for (int i = 0; i < code.length; i++) {
          index.put(code[i], i);
        }
      }
    }

    /** The index of an instruction of the method (one the frames were analysed for). */
    int indexOf(AbstractInsnNode insn) {
      return index.getOrDefault(insn, -1);
    }

    /** The value {@code depth} slots below the top of the stack before instruction {@code at}. */
    private SourceValue value(int at, int depth) {
      if (frames == null || frames[at] == null) {
        return null;
      }
      Frame<SourceValue> frame = frames[at];
      int slot = frame.getStackSize() - 1 - depth;
      return slot < 0 ? null : frame.getStack(slot);
    }

    /** The instructions the value comes from, at any remove. */
    Set<AbstractInsnNode> of(int at, int depth) {
      SourceValue value = value(at, depth);
      Set<AbstractInsnNode> found = new LinkedHashSet<>();
      if (value == null) {
        return found;
      }
      Deque<AbstractInsnNode> pending = new ArrayDeque<>(value.insns);
      int steps = 0;
      while (!pending.isEmpty() && steps++ < ORIGIN_STEPS) {
        AbstractInsnNode insn = pending.pop();
        if (!found.add(insn)) {
          continue;
        }
        Integer i = index.get(insn);
        if (i == null || frames[i] == null) {
          continue;
        }
        Frame<SourceValue> frame = frames[i];
        if (insn instanceof VarInsnNode load && load.getOpcode() >= Opcodes.ILOAD
            && load.getOpcode() <= Opcodes.ALOAD) {
          pending.addAll(frame.getLocal(load.var).insns);
        } else if (insn instanceof VarInsnNode store && store.getOpcode() >= Opcodes.ISTORE
            && store.getOpcode() <= Opcodes.ASTORE
            || insn.getOpcode() == Opcodes.CHECKCAST || insn.getOpcode() == Opcodes.DUP) {
          pending.addAll(frame.getStack(frame.getStackSize() - 1).insns);
        } else if (insn instanceof MethodInsnNode call) {
          int slots = Type.getArgumentTypes(call.desc).length
              + (call.getOpcode() == Opcodes.INVOKESTATIC ? 0 : 1);
          for (int d = 0; d < slots && d < frame.getStackSize(); d++) {
            pending.addAll(frame.getStack(frame.getStackSize() - 1 - d).insns);
          }
        }
      }
      return found;
    }

    /** The int constant the value is, if it is one (javac inlines {@code static final} ints). */
    OptionalInt constant(int at, int depth) {
      SourceValue value = value(at, depth);
      if (value == null || value.insns.size() != 1) {
        return OptionalInt.empty();
      }
      AbstractInsnNode insn = value.insns.iterator().next();
      int opcode = insn.getOpcode();
      if (opcode >= Opcodes.ICONST_M1 && opcode <= Opcodes.ICONST_5) {
        return OptionalInt.of(opcode - Opcodes.ICONST_0);
      }
      if (insn instanceof IntInsnNode push && opcode != Opcodes.NEWARRAY) {
        return OptionalInt.of(push.operand);
      }
      if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof Integer number) {
        return OptionalInt.of(number);
      }
      return OptionalInt.empty();
    }

    /**
     * True if the value is a parameter of the method, unchanged: a load of a slot in {@code
     * slots} ({@code [from, to)}) that nothing stored into before.
     */
    boolean isParameter(int at, int depth, int[] slots) {
      SourceValue value = value(at, depth);
      if (value == null || value.insns.size() != 1) {
        return false;
      }
      AbstractInsnNode insn = value.insns.iterator().next();
      Integer i = index.get(insn);
      return insn instanceof VarInsnNode load && load.getOpcode() == Opcodes.ALOAD
          && load.var >= slots[0] && load.var < slots[1] && i != null && frames[i] != null
          && frames[i].getLocal(load.var).insns.isEmpty();
    }

    /** True if the value is a load of one of these local variables. */
    boolean isLoadOfAny(int at, int depth, Set<Integer> locals) {
      SourceValue value = value(at, depth);
      return value != null && !value.insns.isEmpty() && value.insns.stream().allMatch(insn ->
          insn instanceof VarInsnNode load && load.getOpcode() == Opcodes.ILOAD
              && locals.contains(load.var));
    }
  }
}
