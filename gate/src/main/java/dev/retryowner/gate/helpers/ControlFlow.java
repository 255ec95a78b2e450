package dev.retryowner.gate.helpers;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The control flow of one method body, by instruction index: where each instruction may go next
 * when it completes, and where it goes when it throws (the handlers of the try blocks around it).
 */
final class ControlFlow {
  private final InsnList instructions;
  private final List<List<Integer>> normal = new ArrayList<>();
  private final List<List<TryCatchBlockNode>> catching = new ArrayList<>();

  ControlFlow(MethodNode method) {
    this.instructions = method.instructions;
    for (int i = 0; i < instructions.size(); i++) {
      normal.add(successors(instructions.get(i), i));
      catching.add(new ArrayList<>());
    }
    for (TryCatchBlockNode block : method.tryCatchBlocks) {
      for (int i = instructions.indexOf(block.start); i < instructions.indexOf(block.end); i++) {
        catching.get(i).add(block);
      }
    }
  }

  /**
   * The handlers that catch what the instruction throws, but for those of the caught types
   * {@code ignored} accepts (internal names; {@code null} for a catch of anything, a finally).
   */
  List<Integer> handlersOf(int instruction, Predicate<String> ignored) {
    return catching.get(instruction).stream().filter(block -> !ignored.test(block.type))
        .map(block -> instructions.indexOf(block.handler)).toList();
  }

  /** Whether {@code to} can run after {@code from}, completing or throwing on the way. */
  boolean reaches(int from, int to) {
    return reaches(from, to, true);
  }

  /**
   * Whether {@code to} can run after {@code from} while every instruction on the way completes:
   * the path a pass takes when nothing fails.
   */
  boolean reachesWithoutFailure(int from, int to) {
    return reaches(from, to, false);
  }

  private boolean reaches(int from, int to, boolean throwing) {
    BitSet seen = new BitSet();
    Deque<Integer> next = new ArrayDeque<>(List.of(from));
    while (!next.isEmpty()) {
      int at = next.pop();
      if (at == to) {
        return true;
      }
      if (at < 0 || at >= instructions.size() || seen.get(at)) {
        continue;
      }
      seen.set(at);
      next.addAll(normal.get(at));
      if (throwing) {
        next.addAll(handlersOf(at, type -> false));
      }
    }
    return false;
  }

  private List<Integer> successors(AbstractInsnNode insn, int index) {
    List<Integer> successors = new ArrayList<>();
    if (insn instanceof JumpInsnNode jump) {
      successors.add(instructions.indexOf(jump.label));
      if (jump.getOpcode() != Opcodes.GOTO && jump.getOpcode() != Opcodes.JSR) {
        successors.add(index + 1);
      }
    } else if (insn instanceof TableSwitchInsnNode table) {
      successors.add(instructions.indexOf(table.dflt));
      table.labels.forEach(label -> successors.add(instructions.indexOf(label)));
    } else if (insn instanceof LookupSwitchInsnNode lookup) {
      successors.add(instructions.indexOf(lookup.dflt));
      lookup.labels.forEach((LabelNode label) -> successors.add(instructions.indexOf(label)));
    } else if (!endsThePath(insn.getOpcode())) {
      successors.add(index + 1);
    }
    return successors;
  }

  private static boolean endsThePath(int opcode) {
    return opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN || opcode == Opcodes.ATHROW
        || opcode == Opcodes.RET;
  }
}
