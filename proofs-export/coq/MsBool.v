(* mapsound Coq support library: the relational operators decided by
   computation on a finite type of events.  A boolean relation b "reflects"
   a relation r when b x y = true exactly when r x y; every operator of
   MsRel.v has a boolean counterpart and a proved lemma that it preserves
   reflection, so a model's consistency predicate on a concrete finite
   execution can be decided by vm_compute and the answer transferred to the
   Prop definitions.  Transitive closure is Warshall's algorithm, proved
   against the inductive tc; least fixpoints are Kleene iteration with a
   computed stability check.  Intermediate results are tabulated (memo2) so
   computation stays polynomial.  Beyond the operators: the logical
   connectives and quantifiers over finite types (in the lazy if-then-else
   form, so that vm_compute stops early), the properties of relations that
   MsExec.v states (inclusion, functional, equivalence_on, ...), let_in for
   sharing, and the monotonicity of let rec bodies.

   What is decided about executions (their booleans, cardinalities, wf,
   chains of definitions) is MsDecide.v, which exports this file:
   generated modules import MsDecide. *)

Require Import Coq.Lists.List Coq.Bool.Bool Coq.Arith.PeanoNat.
Require Import Mapsound.MsRel Mapsound.MsExec.
Import ListNotations.
Set Implicit Arguments.

Record finite (E : Type) := {
  elems : list E;
  eqb : E -> E -> bool;
  eqb_eq : forall x y, eqb x y = true <-> x = y;
  elems_all : forall x, In x elems
}.

Definition bset (E : Type) := E -> bool.
Definition brel (E : Type) := E -> E -> bool.
Definition to_set {E} (b : bset E) : set E := fun x => b x = true.
Definition to_rel {E} (b : brel E) : rel E := fun x y => b x y = true.

Definition reflects1 {E} (b : bset E) (a : set E) : Prop := forall x, b x = true <-> a x.
Definition reflects2 {E} (b : brel E) (r : rel E) : Prop := forall x y, b x y = true <-> r x y.
Definition reflectsP (b : bool) (P : Prop) : Prop := b = true <-> P.

(* Coq's lazy conjunction a &&& b (if a then b else false): b is computed
   only when a is true (vm_compute evaluates the arguments of a function
   before the call, so andb would compute both). *)
Open Scope lazy_bool_scope.

Lemma refl1 : forall E (b : bset E), reflects1 b (to_set b).
Proof. intros E b x; reflexivity. Qed.
Lemma refl2 : forall E (b : brel E), reflects2 b (to_rel b).
Proof. intros E b x y; reflexivity. Qed.

(* A finite type from a numbering of its elements: cheap to build for the
   event types of concrete executions (no decision of equality by cases). *)
Definition finite_of_index {E} (index : E -> nat) (of : nat -> E) (n : nat)
  (inv : forall x, of (index x) = x) (bound : forall x, Nat.ltb (index x) n = true) : finite E.
Proof.
  refine {| elems := map of (List.seq 0 n); eqb := fun x y => Nat.eqb (index x) (index y) |}.
  - intros x y; rewrite Nat.eqb_eq; split; [intro H; rewrite <- (inv x), <- (inv y), H; reflexivity | intros ->; reflexivity].
  - intro x; apply in_map_iff; exists (index x); split; [apply inv |].
    apply in_seq; split; [apply Nat.le_0_l | apply Nat.ltb_lt, bound].
Defined.

(* Strict sharing: let_in a k evaluates a once (vm_compute is call by value). *)
Definition let_in {A B} (a : A) (k : A -> B) : B := k a.

Section Decide.
Variable E : Type.
Variable fin : finite E.

Let eqb_true x y : eqb fin x y = true <-> x = y := eqb_eq fin x y.

Lemma eqb_refl : forall x, eqb fin x x = true.
Proof. intro x; apply eqb_true; reflexivity. Qed.

Fixpoint assoc {A} (k : E) (l : list (E * A)) (d : A) : A :=
  match l with
  | [] => d
  | (k', v) :: t => if eqb fin k k' then v else assoc k t d
  end.

Lemma assoc_map : forall A (g : E -> A) d l x, In x l -> assoc x (map (fun y => (y, g y)) l) d = g x.
Proof.
  intros A g d l x; induction l as [| a l IH]; simpl; [tauto |].
  intros H; destruct (eqb fin x a) eqn:Hx.
  - apply eqb_true in Hx; subst; reflexivity.
  - destruct H as [H | H]; [subst; rewrite eqb_refl in Hx; discriminate | auto].
Qed.

Definition memo1 (f : bset E) : bset E :=
  let t := map (fun x => (x, f x)) (elems fin) in fun x => assoc x t false.
Definition memo2 (f : brel E) : brel E :=
  let t := map (fun x => (x, map (fun y => (y, f x y)) (elems fin))) (elems fin) in
  fun x y => assoc y (assoc x t []) false.

Lemma memo1_eq : forall f x, memo1 f x = f x.
Proof. intros f x; unfold memo1; apply assoc_map, elems_all. Qed.
Lemma memo2_eq : forall f x y, memo2 f x y = f x y.
Proof.
  intros f x y; unfold memo2.
  rewrite (assoc_map (fun x => map (fun y => (y, f x y)) (elems fin))) by apply elems_all.
  apply assoc_map, elems_all.
Qed.

Lemma r_memo1 : forall b a, reflects1 b a -> reflects1 (memo1 b) a.
Proof. intros b a H x; rewrite memo1_eq; apply H. Qed.
Lemma r_memo2 : forall b r, reflects2 b r -> reflects2 (memo2 b) r.
Proof. intros b r H x y; rewrite memo2_eq; apply H. Qed.

(* ---- Sets ---- *)
Definition b_set_empty : bset E := fun _ => false.
Definition b_set_full : bset E := fun _ => true.
Definition b_set_union (a b : bset E) : bset E := fun x => a x || b x.
Definition b_set_inter (a b : bset E) : bset E := fun x => a x && b x.
Definition b_set_diff (a b : bset E) : bset E := fun x => a x && negb (b x).
Definition b_set_compl (a : bset E) : bset E := fun x => negb (a x).
Definition b_domain (r : brel E) : bset E := memo1 (fun x => existsb (fun y => r x y) (elems fin)).
Definition b_range (r : brel E) : bset E := memo1 (fun y => existsb (fun x => r x y) (elems fin)).

Lemma r_set_empty : reflects1 b_set_empty (@set_empty E).
Proof. intro x; unfold b_set_empty, set_empty; split; [discriminate | tauto]. Qed.
Lemma r_set_full : reflects1 b_set_full (@set_full E).
Proof. intro x; unfold b_set_full, set_full; split; auto. Qed.
Lemma r_set_union : forall a a' b b', reflects1 a a' -> reflects1 b b' ->
  reflects1 (b_set_union a b) (set_union a' b').
Proof. intros a a' b b' Ha Hb x; unfold b_set_union, set_union; rewrite orb_true_iff, (Ha x), (Hb x); tauto. Qed.
Lemma r_set_inter : forall a a' b b', reflects1 a a' -> reflects1 b b' ->
  reflects1 (b_set_inter a b) (set_inter a' b').
Proof. intros a a' b b' Ha Hb x; unfold b_set_inter, set_inter; rewrite andb_true_iff, (Ha x), (Hb x); tauto. Qed.
Lemma negb_reflect : forall (b : bool) P, (b = true <-> P) -> (negb b = true <-> ~ P).
Proof. intros [|] P H; simpl; split; intuition; try discriminate; apply H; auto. Qed.
Lemma r_set_diff : forall a a' b b', reflects1 a a' -> reflects1 b b' ->
  reflects1 (b_set_diff a b) (set_diff a' b').
Proof.
  intros a a' b b' Ha Hb x; unfold b_set_diff, set_diff; rewrite andb_true_iff, (Ha x), (negb_reflect (Hb x)); tauto.
Qed.
Lemma r_set_compl : forall a a', reflects1 a a' -> reflects1 (b_set_compl a) (set_compl a').
Proof. intros a a' Ha x; unfold b_set_compl, set_compl; apply negb_reflect, Ha. Qed.
Lemma r_domain : forall r r', reflects2 r r' -> reflects1 (b_domain r) (domain r').
Proof.
  intros r r' H x; unfold b_domain, domain; rewrite memo1_eq, existsb_exists; split.
  - intros [y [_ Hy]]; exists y; apply H; auto.
  - intros [y Hy]; exists y; split; [apply elems_all | apply H; auto].
Qed.
Lemma r_range : forall r r', reflects2 r r' -> reflects1 (b_range r) (range r').
Proof.
  intros r r' H y; unfold b_range, range; rewrite memo1_eq, existsb_exists; split.
  - intros [x [_ Hx]]; exists x; apply H; auto.
  - intros [x Hx]; exists x; split; [apply elems_all | apply H; auto].
Qed.

(* ---- Relations ---- *)
Definition b_rel_empty : brel E := fun _ _ => false.
Definition b_rel_full : brel E := fun _ _ => true.
Definition b_union (r s : brel E) : brel E := fun x y => r x y || s x y.
Definition b_inter (r s : brel E) : brel E := fun x y => r x y && s x y.
Definition b_diff (r s : brel E) : brel E := fun x y => r x y && negb (s x y).
Definition b_compl (r : brel E) : brel E := fun x y => negb (r x y).
Definition b_seq (r s : brel E) : brel E :=
  memo2 (fun x y => existsb (fun z => r x z && s z y) (elems fin)).
Definition b_inv (r : brel E) : brel E := fun x y => r y x.
Definition b_prod (a b : bset E) : brel E := fun x y => a x && b y.
Definition b_iden : brel E := fun x y => eqb fin x y.
Definition b_brack (a : bset E) : brel E := fun x y => eqb fin x y && a x.

Lemma r_rel_empty : reflects2 b_rel_empty (@rel_empty E).
Proof. intros x y; unfold b_rel_empty, rel_empty; split; [discriminate | tauto]. Qed.
Lemma r_rel_full : reflects2 b_rel_full (@rel_full E).
Proof. intros x y; unfold b_rel_full, rel_full; split; auto. Qed.
Lemma r_union : forall r r' s s', reflects2 r r' -> reflects2 s s' -> reflects2 (b_union r s) (union r' s').
Proof. intros r r' s s' Hr Hs x y; unfold b_union, union; rewrite orb_true_iff, (Hr x y), (Hs x y); tauto. Qed.
Lemma r_inter : forall r r' s s', reflects2 r r' -> reflects2 s s' -> reflects2 (b_inter r s) (inter r' s').
Proof. intros r r' s s' Hr Hs x y; unfold b_inter, inter; rewrite andb_true_iff, (Hr x y), (Hs x y); tauto. Qed.
Lemma r_diff : forall r r' s s', reflects2 r r' -> reflects2 s s' -> reflects2 (b_diff r s) (diff r' s').
Proof.
  intros r r' s s' Hr Hs x y; unfold b_diff, diff; rewrite andb_true_iff, (Hr x y), (negb_reflect (Hs x y)); tauto.
Qed.
Lemma r_compl : forall r r', reflects2 r r' -> reflects2 (b_compl r) (compl r').
Proof. intros r r' H x y; unfold b_compl, compl; apply negb_reflect, H. Qed.
Lemma r_seq : forall r r' s s', reflects2 r r' -> reflects2 s s' -> reflects2 (b_seq r s) (seq r' s').
Proof.
  intros r r' s s' Hr Hs x y; unfold b_seq, seq; rewrite memo2_eq, existsb_exists; split.
  - intros [z [_ Hz]]; apply andb_true_iff in Hz; exists z; rewrite <- (Hr x z), <- (Hs z y); tauto.
  - intros [z Hz]; exists z; split; [apply elems_all |]; apply andb_true_iff; rewrite (Hr x z), (Hs z y); tauto.
Qed.
Lemma r_inv : forall r r', reflects2 r r' -> reflects2 (b_inv r) (inv r').
Proof. intros r r' H x y; apply H. Qed.
Lemma r_prod : forall a a' b b', reflects1 a a' -> reflects1 b b' -> reflects2 (b_prod a b) (prod a' b').
Proof. intros a a' b b' Ha Hb x y; unfold b_prod, prod; rewrite andb_true_iff, (Ha x), (Hb y); tauto. Qed.
Lemma r_iden : reflects2 b_iden (@iden E).
Proof. intros x y; apply eqb_true. Qed.
Lemma r_brack : forall a a', reflects1 a a' -> reflects2 (b_brack a) (brack a').
Proof. intros a a' H x y; unfold b_brack, brack; rewrite andb_true_iff, eqb_true, (H x); tauto. Qed.

(* Transitive closure: paths whose intermediate events satisfy P. *)
Inductive tcp (P : E -> Prop) (r : rel E) : rel E :=
| tcp_step : forall x y, r x y -> tcp P r x y
| tcp_trans : forall x y z, tcp P r x y -> P y -> tcp P r y z -> tcp P r x z.

Lemma tcp_mono : forall (P Q : E -> Prop) r, (forall z, P z -> Q z) -> forall x y, tcp P r x y -> tcp Q r x y.
Proof. intros P Q r H x y Hxy; induction Hxy; [apply tcp_step | eapply tcp_trans]; eauto. Qed.

Lemma tcp_add : forall P r v x y, tcp (fun z => v = z \/ P z) r x y ->
  tcp P r x y \/ (tcp P r x v /\ tcp P r v y).
Proof.
  intros P r v x y H; induction H as [x y H | x y z H1 IH1 Hy H2 IH2].
  - left; apply tcp_step; auto.
  - destruct Hy as [<- | Hy].
    + right; destruct IH1 as [A | [A B]]; destruct IH2 as [C | [C D]]; split; assumption.
    + destruct IH1 as [A | [A1 A2]]; destruct IH2 as [B | [B1 B2]].
      * left; eapply tcp_trans; eauto.
      * right; split; [eapply tcp_trans; eauto | exact B2].
      * right; split; [exact A1 | eapply tcp_trans; eauto].
      * right; split; [exact A1 | exact B2].
Qed.

Fixpoint warshall (l : list E) (b : brel E) : brel E :=
  match l with
  | [] => b
  | v :: l' => let w := warshall l' b in memo2 (fun x y => w x y || (w x v && w v y))
  end.

Lemma warshall_ok : forall l b r, reflects2 b r -> reflects2 (warshall l b) (tcp (fun z => In z l) r).
Proof.
  intros l b r Hb; induction l as [| v l IH]; simpl.
  - intros x y; rewrite (Hb x y); split; [apply tcp_step |].
    intro H; induction H; [assumption | contradiction].
  - intros x y; rewrite memo2_eq, orb_true_iff, andb_true_iff, (IH x y), (IH x v), (IH v y); split.
    + intros [H | [H1 H2]].
      * eapply tcp_mono; [| exact H]; simpl; auto.
      * eapply tcp_trans; [eapply tcp_mono; [| exact H1] | left; reflexivity |
                           eapply tcp_mono; [| exact H2]]; simpl; auto.
    + apply tcp_add.
Qed.

Definition b_tc (b : brel E) : brel E := warshall (elems fin) (memo2 b).

Lemma r_tc : forall b r, reflects2 b r -> reflects2 (b_tc b) (tc r).
Proof.
  intros b r H x y; unfold b_tc; rewrite (warshall_ok (elems fin) (r_memo2 H) x y); split; intro Hxy.
  - induction Hxy; [apply tc_step | eapply tc_trans]; eauto.
  - induction Hxy; [apply tcp_step | eapply tcp_trans; [| apply elems_all |]]; eauto.
Qed.

Definition b_rtc (b : brel E) : brel E := let t := b_tc b in memo2 (fun x y => eqb fin x y || t x y).
Lemma r_rtc : forall b r, reflects2 b r -> reflects2 (b_rtc b) (rtc r).
Proof.
  intros b r H x y; unfold b_rtc; rewrite memo2_eq, orb_true_iff, eqb_true, (r_tc H x y), rtc_tc; tauto.
Qed.

Definition b_opt (b : brel E) : brel E := b_union b_iden b.
Lemma r_opt : forall b r, reflects2 b r -> reflects2 (b_opt b) (opt r).
Proof. intros b r H; apply r_union; [apply r_iden | exact H]. Qed.

(* ---- Tests ---- *)
Definition b_irreflexive (b : brel E) : bool := forallb (fun x => negb (b x x)) (elems fin).
Definition b_acyclic (b : brel E) : bool := b_irreflexive (b_tc b).
Definition b_empty (b : brel E) : bool :=
  forallb (fun x => forallb (fun y => negb (b x y)) (elems fin)) (elems fin).
Definition b_set_is_empty (a : bset E) : bool := forallb (fun x => negb (a x)) (elems fin).

Lemma r_irreflexive : forall b r, reflects2 b r -> reflectsP (b_irreflexive b) (irreflexive r).
Proof.
  intros b r H; unfold reflectsP, b_irreflexive, irreflexive; rewrite forallb_forall; split.
  - intros Hb x Hx; specialize (Hb x (elems_all fin x)); apply H in Hx; rewrite Hx in Hb; discriminate.
  - intros Hr x _; destruct (b x x) eqn:E1; [apply H in E1; contradiction (Hr x) | reflexivity].
Qed.
Lemma r_acyclic : forall b r, reflects2 b r -> reflectsP (b_acyclic b) (acyclic r).
Proof. intros b r H; apply r_irreflexive, r_tc, H. Qed.
Lemma r_empty : forall b r, reflects2 b r -> reflectsP (b_empty b) (empty r).
Proof.
  intros b r H; unfold reflectsP, b_empty, empty; rewrite forallb_forall; split.
  - intros Hb x y Hxy; specialize (Hb x (elems_all fin x)); rewrite forallb_forall in Hb;
      specialize (Hb y (elems_all fin y)); apply H in Hxy; rewrite Hxy in Hb; discriminate.
  - intros Hr x _; apply forallb_forall; intros y _.
    destruct (b x y) eqn:E1; [apply H in E1; contradiction (Hr x y) | reflexivity].
Qed.
Lemma r_set_is_empty : forall b a, reflects1 b a -> reflectsP (b_set_is_empty b) (set_is_empty a).
Proof.
  intros b a H; unfold reflectsP, b_set_is_empty, set_is_empty; rewrite forallb_forall; split.
  - intros Hb x Hx; specialize (Hb x (elems_all fin x)); apply H in Hx; rewrite Hx in Hb; discriminate.
  - intros Ha x _; destruct (b x) eqn:E1; [apply H in E1; contradiction (Ha x) | reflexivity].
Qed.
Lemma r_not : forall b P, reflectsP b P -> reflectsP (negb b) (~ P).
Proof. intros b P H; apply negb_reflect, H. Qed.
Lemma r_and : forall a P b Q, reflectsP a P -> reflectsP b Q -> reflectsP (a && b) (P /\ Q).
Proof. intros a P b Q Ha Hb; unfold reflectsP in *; rewrite andb_true_iff, Ha, Hb; tauto. Qed.
Lemma r_true : reflectsP true True.
Proof. unfold reflectsP; tauto. Qed.

(* Sharing: a let_in of reflected relations is reflected. *)
Lemma r_let2 : forall (a : brel E) r B (k : brel E -> B) (P : B -> Prop),
  reflects2 a r -> (forall a', reflects2 a' r -> P (k a')) -> P (let_in a k).
Proof. intros a r B k P H K; apply K, H. Qed.
Lemma r_let1 : forall (a : bset E) s B (k : bset E -> B) (P : B -> Prop),
  reflects1 a s -> (forall a', reflects1 a' s -> P (k a')) -> P (let_in a k).
Proof. intros a s B k P H K; apply K, H. Qed.

(* ---- Least fixpoints (let rec) by Kleene iteration ---- *)
Definition b_same (a b : brel E) : bool :=
  forallb (fun x => forallb (fun y => Bool.eqb (a x y) (b x y)) (elems fin)) (elems fin).

Fixpoint kleene (Fb : brel E -> brel E) (n : nat) (b : brel E) : brel E :=
  match n with
  | O => b
  | S n' => let b' := memo2 (Fb b) in if b_same b b' then b else kleene Fb n' b'
  end.

(* Enough iterations for any relation over the events. *)
Definition fuel : nat := S (length (elems fin) * length (elems fin)).
Definition b_lfp (Fb : brel E -> brel E) : brel E := kleene Fb fuel b_rel_empty.
Definition b_stable (Fb : brel E -> brel E) : bool := let b := b_lfp Fb in b_same (Fb b) b.

Lemma b_same_ok : forall a b, b_same a b = true -> forall x y, a x y = b x y.
Proof.
  intros a b H x y; unfold b_same in H; rewrite forallb_forall in H.
  specialize (H x (elems_all fin x)); rewrite forallb_forall in H.
  apply Bool.eqb_prop, H, elems_all.
Qed.

Lemma kleene_below : forall F Fb, mono F -> (forall b r, reflects2 b r -> reflects2 (Fb b) (F r)) ->
  forall n b r, reflects2 b r -> inclusion r (lfp F) ->
  exists r', reflects2 (kleene Fb n b) r' /\ inclusion r' (lfp F).
Proof.
  intros F Fb HF HFb n; induction n as [| n IH]; intros b r Hb Hr; simpl.
  - exists r; auto.
  - destruct (b_same b (memo2 (Fb b))); [exists r; auto |].
    apply (IH _ (F r)); [apply r_memo2, HFb, Hb |].
    eapply inclusion_trans; [apply HF, Hr | apply lfp_fold, HF].
Qed.

Lemma r_lfp : forall F Fb, mono F -> (forall b r, reflects2 b r -> reflects2 (Fb b) (F r)) ->
  b_stable Fb = true -> reflects2 (b_lfp Fb) (lfp F).
Proof.
  intros F Fb HF HFb Hs.
  destruct (@kleene_below F Fb HF HFb fuel b_rel_empty rel_empty r_rel_empty (fun x y (H : rel_empty x y) => False_ind _ H))
    as [r [Hr Hincl]].
  fold (b_lfp Fb) in Hr.
  assert (Hpre : inclusion (F r) r).
  { intros x y Hxy. apply Hr. rewrite <- (@b_same_ok (Fb (b_lfp Fb)) (b_lfp Fb) Hs x y). apply (HFb _ _ Hr); exact Hxy. }
  intros x y; rewrite (Hr x y); split; [apply Hincl | apply (lfp_least Hpre)].
Qed.

(* ---- Connectives and quantifiers, in lazy form ---- *)
Lemma r_andL : forall a P b Q, reflectsP a P -> reflectsP b Q -> reflectsP (if a then b else false) (P /\ Q).
Proof.
  intros a P b Q Ha Hb; unfold reflectsP in *; destruct a.
  - rewrite Hb; split; [intro HQ; split; [apply Ha; reflexivity | exact HQ] | tauto].
  - split; [discriminate | intros [HP _]; apply Ha in HP; discriminate].
Qed.
Lemma r_orL : forall a P b Q, reflectsP a P -> reflectsP b Q -> reflectsP (if a then true else b) (P \/ Q).
Proof.
  intros a P b Q Ha Hb; unfold reflectsP in *; destruct a.
  - split; [intros _; left; apply Ha; reflexivity | reflexivity].
  - rewrite Hb; split; [tauto | intros [HP | HQ]; [apply Ha in HP; discriminate | exact HQ]].
Qed.
Lemma r_implL : forall a P b Q, reflectsP a P -> reflectsP b Q -> reflectsP (if a then b else true) (P -> Q).
Proof.
  intros a P b Q Ha Hb; unfold reflectsP in *; destruct a.
  - rewrite Hb; split; [tauto | intro H; apply H, Ha; reflexivity].
  - split; [intros _ HP; apply Ha in HP; discriminate | reflexivity].
Qed.
Lemma r_iffL : forall a P b Q, reflectsP a P -> reflectsP b Q -> reflectsP (Bool.eqb a b) (P <-> Q).
Proof.
  intros a P b Q Ha Hb; unfold reflectsP in *; destruct a, b; simpl.
  - split; [intros _; rewrite <- Ha, <- Hb; tauto | reflexivity].
  - split; [discriminate | intro H; assert (HQ : Q) by (apply H, Ha; reflexivity); apply Hb in HQ; discriminate].
  - split; [discriminate | intro H; assert (HP : P) by (apply H, Hb; reflexivity); apply Ha in HP; discriminate].
  - split; [intros _; split; intro X; [apply Ha in X | apply Hb in X]; discriminate | reflexivity].
Qed.
Lemma r_false : reflectsP false False.
Proof. unfold reflectsP; split; [discriminate | tauto]. Qed.
Lemma r_forall : forall (b : E -> bool) (P : E -> Prop), (forall x, reflectsP (b x) (P x)) ->
  reflectsP (forallb b (elems fin)) (forall x, P x).
Proof.
  intros b P H; unfold reflectsP; rewrite forallb_forall; split.
  - intros Hb x; apply H, Hb, elems_all.
  - intros HP x _; apply H, HP.
Qed.
Lemma r_exists : forall (b : E -> bool) (P : E -> Prop), (forall x, reflectsP (b x) (P x)) ->
  reflectsP (existsb b (elems fin)) (exists x, P x).
Proof.
  intros b P H; unfold reflectsP; rewrite existsb_exists; split.
  - intros [x [_ Hx]]; exists x; apply H, Hx.
  - intros [x Hx]; exists x; split; [apply elems_all | apply H, Hx].
Qed.
Lemma r_eq : forall x y, reflectsP (eqb fin x y) (x = y).
Proof. intros x y; apply eqb_true. Qed.
Lemma r_in1 : forall (b : bset E) (a : set E) x, reflects1 b a -> reflectsP (b x) (a x).
Proof. intros b a x H; apply H. Qed.
Lemma r_in2 : forall (b : brel E) (r : rel E) x y, reflects2 b r -> reflectsP (b x y) (r x y).
Proof. intros b r x y H; apply H. Qed.

(* ---- Properties of sets and relations (MsExec.v) ---- *)
Definition b_inclusion (a b : brel E) : bool := b_empty (b_diff a b).
Definition b_set_inclusion (a b : bset E) : bool := b_set_is_empty (b_set_diff a b).

Lemma r_inclusion : forall (a : brel E) r b s, reflects2 a r -> reflects2 b s -> reflectsP (b_inclusion a b) (inclusion r s).
Proof.
  intros a r b s Ha Hb; unfold b_inclusion; pose proof (r_empty (r_diff Ha Hb)) as H0; unfold reflectsP in *.
  rewrite H0; split.
  - intros H x y Hxy; destruct (b x y) eqn:E1; [apply Hb, E1 |].
    exfalso; apply (H x y); split; [exact Hxy | intro Hs; apply Hb in Hs; congruence].
  - intros H x y [A B]; apply B, H, A.
Qed.
Lemma r_set_inclusion : forall (a : bset E) A b B, reflects1 a A -> reflects1 b B ->
  reflectsP (b_set_inclusion a b) (set_inclusion A B).
Proof.
  intros a A b B Ha Hb; unfold b_set_inclusion; pose proof (r_set_is_empty (r_set_diff Ha Hb)) as H0;
  unfold reflectsP in *; rewrite H0; split.
  - intros H x Hx; destruct (b x) eqn:E1; [apply Hb, E1 |].
    exfalso; apply (H x); split; [exact Hx | intro Hs; apply Hb in Hs; congruence].
  - intros H x [A1 B1]; apply B1, H, A1.
Qed.
Definition b_same_set (a b : bset E) : bool := if b_set_inclusion a b then b_set_inclusion b a else false.
Lemma r_same_set : forall (a : bset E) A b B, reflects1 a A -> reflects1 b B -> reflectsP (b_same_set a b) (same_set A B).
Proof. intros; apply r_andL; apply r_set_inclusion; assumption. Qed.
Definition b_same_rel (a b : brel E) : bool := if b_inclusion a b then b_inclusion b a else false.
Lemma r_same_rel : forall (a : brel E) r b s, reflects2 a r -> reflects2 b s -> reflectsP (b_same_rel a b) (same_rel r s).
Proof. intros; apply r_andL; apply r_inclusion; assumption. Qed.

Definition b_functional (a : brel E) : bool := b_inclusion (b_seq (b_inv a) a) b_iden.
Lemma r_functional : forall (a : brel E) r, reflects2 a r -> reflectsP (b_functional a) (functional r).
Proof. intros a r H; apply r_inclusion; [apply r_seq; [apply r_inv, H | exact H] | apply r_iden]. Qed.

Definition b_equivalence_on (s : bset E) (a : brel E) : bool :=
  if b_inclusion a (b_prod s s) then
    if b_inclusion (b_brack s) a then
      if b_inclusion (b_inv a) a then b_inclusion (b_seq a a) a else false
    else false
  else false.
Lemma r_equivalence_on : forall (s : bset E) S a r, reflects1 s S -> reflects2 a r ->
  reflectsP (b_equivalence_on s a) (equivalence_on S r).
Proof.
  intros s S a r Hs Ha; unfold b_equivalence_on, equivalence_on.
  repeat apply r_andL; apply r_inclusion; auto using r_prod, r_brack, r_inv, r_seq.
Qed.

Definition b_strict_total_within (s a : brel E) : bool :=
  if b_inclusion a s then
    if b_irreflexive a then
      if b_inclusion (b_seq a a) a then b_inclusion s (b_union b_iden (b_union a (b_inv a))) else false
    else false
  else false.
Lemma r_strict_total_within : forall (s : brel E) S a r, reflects2 s S -> reflects2 a r ->
  reflectsP (b_strict_total_within s a) (strict_total_within S r).
Proof.
  intros s S a r Hs Ha; unfold b_strict_total_within, strict_total_within.
  apply r_andL; [apply r_inclusion; auto |].
  apply r_andL; [apply r_irreflexive; auto |].
  apply r_andL; apply r_inclusion; auto using r_seq, r_union, r_iden, r_inv.
Qed.

Definition b_agree_on (s : bset E) (a : brel E) : bool :=
  b_inclusion a (b_union (b_prod s s) (b_prod (b_set_compl s) (b_set_compl s))).
Lemma r_agree_on : forall (s : bset E) S a r, reflects1 s S -> reflects2 a r -> reflectsP (b_agree_on s a) (agree_on S r).
Proof.
  intros s S a r Hs Ha; apply r_inclusion; auto using r_union, r_prod, r_set_compl.
Qed.

End Decide.

(* ---- Monotonicity of let rec bodies ---- *)
Section Mono.
Variable E : Type.
Implicit Types F G : rel E -> rel E.

Lemma mono_id : mono (fun r : rel E => r).
Proof. intros r s H; exact H. Qed.
Lemma mono_const : forall c : rel E, mono (fun _ => c).
Proof. intros c r s _; apply inclusion_refl. Qed.
Lemma mono_union : forall F G, mono F -> mono G -> mono (fun r => union (F r) (G r)).
Proof. intros F G HF HG r s H; apply union_mono; auto. Qed.
Lemma mono_inter : forall F G, mono F -> mono G -> mono (fun r => inter (F r) (G r)).
Proof. intros F G HF HG r s H; apply inter_mono; auto. Qed.
Lemma mono_diff : forall F (c : rel E), mono F -> mono (fun r => diff (F r) c).
Proof. intros F c HF r s H x y [A B]; split; [apply (HF r s H) |]; auto. Qed.
Lemma mono_seq : forall F G, mono F -> mono G -> mono (fun r => seq (F r) (G r)).
Proof. intros F G HF HG r s H; apply seq_mono; auto. Qed.
Lemma mono_inv : forall F, mono F -> mono (fun r => inv (F r)).
Proof. intros F HF r s H x y Hxy; apply (HF r s H); exact Hxy. Qed.
Lemma mono_tc : forall F, mono F -> mono (fun r => tc (F r)).
Proof. intros F HF r s H; apply tc_mono, HF, H. Qed.
Lemma mono_rtc : forall F, mono F -> mono (fun r => rtc (F r)).
Proof. intros F HF r s H; apply rtc_mono, HF, H. Qed.
Lemma mono_opt : forall F, mono F -> mono (fun r => opt (F r)).
Proof. intros F HF r s H; apply union_mono; [apply inclusion_refl | apply HF, H]. Qed.
End Mono.


Arguments b_set_empty {E} _.
Arguments b_set_full {E} _.
Arguments b_rel_empty {E} _ _.
Arguments b_rel_full {E} _ _.
